// Facial devices: filters (name, purchase date) and the open device in the URL, a page of 20
// (company) or 10 (school), each row with its state; register, edit, delete, open the detail.
import { useEffect, useState } from 'react';
import { App, Button, Card, DatePicker, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { deviceFaceOf, type Device, type DeviceOrg } from '../api/faces';
import { useDeleteDevice, useDevices } from '../api/devices';
import { withDeviceErrors } from '../api/errors';
import { DeviceDrawer } from './device-drawer';
import { DeviceFormModal } from './device-form-modal';
import { PunchImportModal } from './punch-import-modal';
import { DeviceStateTag } from './device-state';
import { backlogText, driftText, DRIFT_WARN_SECONDS } from '../api/health';
import { languageInfo } from '../../../lib/languages';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { MIN_SEARCH_LENGTH } from '../../../lib/use-list-url-state';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-quick-search-list';
import { useSession } from '../../../lib/use-session';
import { SearchBox } from '../../../components/search-box';
import { LongText, ResponsiveTable, type ListColumn } from '../../../components/responsive-table';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const LIST_REFRESH_MS = 30_000;

/** The terminal's clock drift under its state: a warning from a minute off, nothing before a measurement. */
function DriftLine({ drift }: { drift: number | null | undefined }) {
  const { t, i18n } = useTranslation('devices');
  if (drift === null || drift === undefined) return null;
  const text = t('health.drift_line', { value: driftText(t, drift, languageInfo(i18n.language).html) });
  return Math.abs(drift) >= DRIFT_WARN_SECONDS ? (
    <Tag color="orange" style={{ marginTop: 4 }} data-testid="device-row-drift">
      {text}
    </Tag>
  ) : (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="device-row-drift">
      {text}
    </Typography.Text>
  );
}

/** What the device is for and which protocol generation it speaks (issue 14). */
function UseLine({ device, clip }: { device: Device; clip?: boolean }) {
  const { t } = useTranslation('devices');
  const text = `${t(`form.uses.${device.use === 'access' ? 'access' : 'attendance'}`)} · ${t(`protocols.${device.protocol === 'security' ? 'security' : 'attendance'}`)}`;
  // In the wide table the line takes the width its column already has (width 0, at least
  // 100%) and is cut with an ellipsis, never widening the table: the German names are long.
  const fit = clip ? { width: 0, minWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' as const } : {};
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, ...fit }} title={`${t('fields.use_protocol')}: ${text}`} data-testid="device-row-use">
      {text}
    </Typography.Text>
  );
}

export default function DevicesPage({ org }: { org: DeviceOrg }) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const { message } = App.useApp();
  const face = deviceFaceOf(org);
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const name = params.get('name') ?? '';
  const purchase = DATE_RE.test(params.get('purchase_date') ?? '') ? params.get('purchase_date')! : undefined;
  const openId = Number(params.get('device')) || null;
  const [nameInput, setNameInput] = useState(name);
  const debounced = useDebouncedValue(nameInput.trim(), SEARCH_DEBOUNCE_MS);
  const query = useDevices(face, { page, name: name || undefined, purchaseDate: purchase }, LIST_REFRESH_MS);
  const remove = useDeleteDevice(face);
  const [modal, setModal] = useState<{ open: boolean; device: Device | null }>({ open: false, device: null });
  const [importing, setImporting] = useState(false);

  const set = (next: Record<string, string | undefined>, keepPage = false) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      if (!keepPage && !('page' in next)) p.delete('page');
      return p;
    });

  useEffect(() => {
    const next = debounced.length >= MIN_SEARCH_LENGTH ? debounced : '';
    if (next !== name) set({ name: next || undefined });
    // Only the debounced input drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const columns: ListColumn<Device>[] = [
    {
      title: rawT('fields.name'),
      dataIndex: 'name',
      key: 'name',
      primary: true,
      // The serial number sits under the name and the firmware under the model, so that every
      // column fits beside the sticky actions at 1440 px (issue 10).
      render: (v: string, d) => (
        <>
          <a onClick={() => set({ device: String(d.id) }, true)} data-testid="device-open">
            {v}
          </a>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            <span data-testid="device-row-code">{d.code}</span>
          </Typography.Text>
        </>
      ),
      cardRender: (d) => d.name,
    },
    { title: rawT('fields.code'), dataIndex: 'code', key: 'code_card', cardOnly: true },
    {
      title: `${rawT('fields.model')} · ${rawT('fields.firmware')}`,
      key: 'model',
      render: (_, d) => (
        <>
          <LongText maxWidth="12em">{d.model}</LongText>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            <LongText maxWidth="12em">{d.firmware}</LongText>
          </Typography.Text>
          <UseLine device={d} clip />
        </>
      ),
      cardHidden: true,
    },
    { title: rawT('fields.use_protocol'), key: 'use_card', cardOnly: true, render: (_, d) => <UseLine device={d} /> },
    { title: rawT('fields.model'), dataIndex: 'model', key: 'model_card', cardOnly: true },
    { title: rawT('fields.firmware'), dataIndex: 'firmware', key: 'firmware_card', cardOnly: true },
    { title: rawT('fields.purchase_date'), dataIndex: 'purchase_date', key: 'purchase_date' },
    {
      title: rawT('fields.state'),
      key: 'state',
      // The drift sits under the state and the punches not yet sent under the punches, so that
      // the list still fits beside the sticky actions at 1440 px (issue 10).
      render: (_, d) => (
        <>
          <DeviceStateTag lastSeen={d.last_seen} health={d.health} enabled={d.enabled} stacked relative />
          <DriftLine drift={d.clock_drift} />
        </>
      ),
    },
    { title: rawT('fields.enrolled'), dataIndex: 'enrolled', key: 'enrolled', render: (v: number) => <span data-testid="device-row-enrolled">{v}</span> },
    {
      title: rawT('fields.commands'),
      key: 'commands',
      render: (_, d) => (
        <Space size={4}>
          <Tag title={rawT('fields.commands_pending')} data-testid="device-row-pending">
            {rawT('list.pending', { count: d.commands_pending })}
          </Tag>
          {d.commands_failed > 0 && (
            <Tag color="red" title={rawT('fields.commands_failed')} data-testid="device-row-failed">
              {rawT('list.failed', { count: d.commands_failed })}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: rawT('fields.punches'),
      dataIndex: 'punches',
      key: 'punches',
      render: (v: number, d) => (
        <>
          <span data-testid="device-row-punches">{v}</span>
          {d.backlog_punches !== null && d.backlog_punches !== undefined && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="device-row-not-sent">
              {rawT('health.not_sent', { count: d.backlog_punches })}
            </Typography.Text>
          )}
        </>
      ),
      cardRender: (d) => d.punches,
    },
    {
      title: rawT('health.backlog'),
      key: 'backlog_card',
      cardOnly: true,
      render: (_, d) => <span data-testid="device-row-backlog">{backlogText(rawT, d.backlog_commands, d.backlog_punches)}</span>,
    },
    {
      key: 'actions',
      title: rawT('common:actions.actions'),
      fixed: 'right',
      render: (_, d) => (
        <Space>
          <Button size="small" icon={<SettingOutlined />} aria-label={rawT('list.open')} onClick={() => set({ device: String(d.id) }, true)} />
          {canEdit && (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={rawT('common:actions.edit')}
                onClick={() => setModal({ open: true, device: d })}
                data-testid="device-edit"
              />
              <Popconfirm
                title={rawT('list.delete_confirm', { name: d.name })}
                description={rawT('list.delete_hint')}
                okText={rawT('common:actions.delete')}
                cancelText={rawT('common:actions.cancel')}
                onConfirm={() =>
                  remove.mutateAsync(d.id).then(
                    () => message.success(rawT('common:messages.deleted')),
                    (e) => message.error(translateApiError(t, e)),
                  )
                }
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={rawT('common:actions.delete')} data-testid="device-delete" />
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={rawT('title')}
        extra={
          canEdit && (
            <Space wrap>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="punch-import-open">
                {rawT('punch_import.title')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, device: null })} data-testid="device-create">
                {rawT('form.create')}
              </Button>
            </Space>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <SearchBox
            allowClear
            placeholder={rawT('list.search')}
            value={nameInput}
            onChange={(e) => setNameInput(e.target.value)}
            data-testid="devices-search"
          />
          <DatePicker
            value={purchase ? dayjs(purchase) : null}
            placeholder={rawT('fields.purchase_date')}
            onChange={(d) => set({ purchase_date: d ? d.format('YYYY-MM-DD') : undefined })}
            data-testid="devices-purchase-date"
          />
        </Space>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <ResponsiveTable<Device>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isLoading}
            data-testid="devices-table"
            pagination={{
              current: page,
              pageSize: face.pageSize,
              total: query.data?.meta.pagination.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => set({ page: p > 1 ? String(p) : undefined }),
            }}
          />
        )}
      </Card>
      <DeviceFormModal face={face} open={modal.open} device={modal.device} onClose={() => setModal({ open: false, device: null })} />
      <PunchImportModal face={face} open={importing} onClose={() => setImporting(false)} />
      <DeviceDrawer face={face} deviceId={openId} canEdit={canEdit} onClose={() => set({ device: undefined }, true)} />
    </>
  );
}
