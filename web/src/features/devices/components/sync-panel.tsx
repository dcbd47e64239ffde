// "Synchronise": queues the commands that make the terminal match its enrolment, then polls
// the command queue every 2 s and shows how many of this batch the terminal finished, with
// each command's result. Without a running batch it lists the latest commands.
import { useEffect, useState } from 'react';
import { App, Button, Progress, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DeviceCommand, DeviceCommandStatus, DeviceFace } from '../api/faces';
import { COMMANDS_PAGE_SIZE } from '../api/faces';
import { useCommands, useSynchronise } from '../api/devices';
import { withDeviceErrors } from '../api/errors';
import { syncProgress, type SyncBatch } from '../api/sync-progress';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { MAX_PAGE_SIZE } from '../../../lib/use-list-url-state';
import { returnReason } from '../api/return-reason';

export const SYNC_POLL_MS = 2000;

const STATUS_COLOURS: Record<DeviceCommandStatus, string> = {
  queued: 'default',
  sent: 'processing',
  ok: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
};

export function CommandStatusTag({ status }: { status: DeviceCommandStatus }) {
  const { t } = useTranslation('devices');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="command-status" data-status={status}>
      {t(`command_status.${status}`)}
    </Tag>
  );
}

export function SyncPanel({ face, deviceId, canEdit }: { face: DeviceFace; deviceId: number; canEdit: boolean }) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const { message } = App.useApp();
  const sync = useSynchronise(face);
  const [batch, setBatch] = useState<SyncBatch | null>(null);
  // The batch is the newest commands: read enough of them to hold all of it.
  const size = batch ? Math.min(MAX_PAGE_SIZE, Math.max(COMMANDS_PAGE_SIZE, batch.queued + 10)) : COMMANDS_PAGE_SIZE;
  const [polling, setPolling] = useState(false);
  const commands = useCommands(face, deviceId, size, polling ? SYNC_POLL_MS : false);
  const progress = batch && commands.data ? syncProgress(commands.data.data, batch) : null;
  const done = !!progress?.done;
  useEffect(() => {
    if (done) setPolling(false);
  }, [done]);
  const running = polling && !done;

  const start = () =>
    sync.mutate(deviceId, {
      onSuccess: (b) => {
        setBatch(b);
        setPolling(true);
        message.info(rawT('sync.queued', { count: b.queued }));
      },
      onError: (e) => message.error(translateApiError(t, e)),
    });

  const columns: TableColumnsType<DeviceCommand> = [
    { title: rawT('sync.label'), dataIndex: 'label', render: (v: string) => <span data-testid="command-label">{v}</span> },
    { title: rawT('sync.status'), dataIndex: 'status', width: 130, render: (v: DeviceCommandStatus) => <CommandStatusTag status={v} /> },
    {
      title: rawT('sync.return_code'),
      dataIndex: 'return_code',
      width: 200,
      render: (v: number | null) => (
        <>
          <span data-testid="command-return-code">{v ?? '—'}</span>
          {returnReason(rawT, v) && <div data-testid="command-return-reason">{returnReason(rawT, v)}</div>}
        </>
      ),
    },
    { title: rawT('sync.attempts'), dataIndex: 'attempts', width: 100 },
    { title: rawT('sync.created'), dataIndex: 'created_at', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
  ];

  const rows = progress ? progress.commands : (commands.data?.data ?? []);
  return (
    <div data-testid="sync-panel">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{progress ? rawT('sync.batch_title') : rawT('sync.recent_title')}</Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<SyncOutlined spin={running} />} loading={sync.isPending} onClick={start} data-testid="device-sync">
            {rawT('sync.button')}
          </Button>
        )}
      </Space>
      {progress && (
        <div style={{ marginBottom: 12 }} data-testid="sync-progress" data-done={progress.done ? 'true' : 'false'}>
          <Progress
            percent={progress.percent}
            status={progress.done ? (progress.failed + progress.expired > 0 ? 'exception' : 'success') : 'active'}
          />
          <Typography.Text data-testid="sync-progress-text">
            {rawT('sync.progress', { finished: progress.finished, total: progress.total })}
            {' · '}
            {rawT('sync.breakdown', { ok: progress.ok, failed: progress.failed, expired: progress.expired })}
          </Typography.Text>
        </div>
      )}
      {commands.isError ? (
        <QueryError error={commands.error} onRetry={() => commands.refetch()} />
      ) : (
        <Table<DeviceCommand>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={commands.isLoading}
          pagination={false}
          locale={{ emptyText: rawT('sync.empty') }}
          data-testid="commands-table"
        />
      )}
    </div>
  );
}
