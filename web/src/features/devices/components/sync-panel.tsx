// "Synchronise": asks the terminal for its users (one command), polls the command queue every
// 2 s until it answered, then shows what the reconciliation did (added, updated, removed,
// unknown on the terminal) with the commands it queued; PINs Hadir never enrolled are listed
// and removed only on request. Without a running batch it lists the latest commands and the
// newest synchronisation's result among them.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Progress, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DeviceCommand, DeviceCommandStatus, DeviceFace } from '../api/faces';
import { COMMANDS_PAGE_SIZE } from '../api/faces';
import { useCommands, useSynchronise } from '../api/devices';
import { withDeviceErrors } from '../api/errors';
import { reconciliation, SYNC_LABELS, syncProgress, type SyncBatch } from '../api/sync-progress';
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
  const [settling, setSettling] = useState(false);
  const commands = useCommands(face, deviceId, size, polling || settling ? SYNC_POLL_MS : false);
  const progress = batch && commands.data ? syncProgress(commands.data.data, batch) : null;
  const done = !!progress?.done;
  // Once the terminal answered, polling goes on while the commands the reconciliation queued
  // are still waiting, so their results show as they come.
  const waiting = done && (commands.data?.data ?? []).some((c) => c.status === 'queued' || c.status === 'sent');
  useEffect(() => setSettling(waiting), [waiting]);
  useEffect(() => {
    if (done) setPolling(false);
  }, [done]);
  const running = polling && !done;

  // This synchronisation's result once answered; without one running (the panel opened
  // later), the newest synchronisation among the latest commands.
  const result = progress
    ? progress.done
      ? reconciliation(progress.commands[0])
      : null
    : reconciliation(commands.data?.data.find((c) => SYNC_LABELS.includes(c.label)));

  const start = (removeUnknown = false) =>
    sync.mutate(
      { deviceId, removeUnknown },
      {
        onSuccess: (b) => {
          setBatch(b);
          setPolling(true);
          message.info(rawT('sync.asked'));
        },
        onError: (e) => message.error(translateApiError(t, e)),
      },
    );

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

  // Once the terminal answered, the latest commands show what the reconciliation queued.
  const rows = progress && !progress.done ? progress.commands : (commands.data?.data ?? []);
  return (
    <div data-testid="sync-panel">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{progress ? rawT('sync.batch_title') : rawT('sync.recent_title')}</Typography.Text>
        {canEdit && (
          <Button type="primary" icon={<SyncOutlined spin={running} />} loading={sync.isPending} onClick={() => start()} data-testid="device-sync">
            {rawT('sync.button')}
          </Button>
        )}
      </Space>
      {progress && (
        <div style={{ marginBottom: 12 }} data-testid="sync-progress" data-done={progress.done ? 'true' : 'false'}>
          <Progress
            aria-label={rawT('sync.progress', { finished: progress.finished, total: progress.total })}
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
      {result && (
        <Alert
          style={{ marginBottom: 12 }}
          type={result.listed ? 'success' : 'warning'}
          showIcon
          data-testid="sync-result"
          message={
            <span data-testid="sync-result-text">
              {result.listed
                ? rawT('sync.result', { added: result.added, updated: result.updated, removed: result.removed, unknown: result.unknown })
                : rawT('sync.not_listed', { added: result.added, removed: result.removed })}
            </span>
          }
          description={
            result.unknown > 0 && (
              <Space direction="vertical" size={4}>
                <Typography.Text data-testid="sync-unknown">
                  {rawT('sync.unknown_list', { pins: result.unknown_pins.join(', ') + (result.unknown > result.unknown_pins.length ? ', …' : '') })}
                </Typography.Text>
                <Typography.Text type="secondary">{result.unknown_removed ? rawT('sync.unknown_removed') : rawT('sync.unknown_kept')}</Typography.Text>
                {canEdit && !result.unknown_removed && (
                  <Button danger size="small" loading={sync.isPending} onClick={() => start(true)} data-testid="sync-remove-unknown">
                    {rawT('sync.remove_unknown')}
                  </Button>
                )}
              </Space>
            )
          }
        />
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
