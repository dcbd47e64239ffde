// The audit trail (issue 15): who changed what, when and from where, with the old and new
// values of the fields that changed. Filters live in the URL; the list loads 50 at a time
// ("load more", keyset paging); each entry opens its old → new diff (a row expansion from
// 768 px up, a dialog on a phone). The owner sets how long the trail is kept.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { DiffOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useSession } from '../../../lib/use-session';
import {
  downloadAudit,
  useAuditSettings,
  useAuditTrail,
  usePersonOptions,
  useSetAuditSettings,
  type AuditEntityKind,
  type AuditEntry,
  type AuditFilters,
} from '../api/audit';

const NAMESPACES = ['integrations', 'common', 'errors'];

const KINDS: AuditEntityKind[] = [
  'settings', 'user', 'person', 'person_record', 'person_invite', 'department', 'position', 'group', 'group_member',
  'schedule', 'holiday', 'day_override', 'attendance_request', 'leave_type', 'entitlement', 'application',
  'approval_chain', 'approval_request', 'delegation', 'device', 'device_person', 'beacon', 'clock_site',
  'clock_site_group', 'kiosk', 'token', 'two_factor', 'notification_preference', 'retention_policy', 'payroll_mapping', 'webhook',
];

const ACTION_COLORS: Record<string, string | undefined> = { create: 'green', update: 'blue', delete: 'red', archive: 'orange', revoke: 'red', erase: 'magenta' };

function readFilters(p: URLSearchParams): AuditFilters {
  const num = (k: string) => {
    const n = Number.parseInt(p.get(k) ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  };
  const date = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(p.get(k) ?? '') ? (p.get(k) as string) : undefined);
  const entity = p.get('entity') as AuditEntityKind | null;
  return {
    person: num('person'),
    actor: num('actor'),
    entity: entity && KINDS.includes(entity) ? entity : undefined,
    entityId: p.get('entity_id') || undefined,
    from: date('from'),
    to: date('to'),
  };
}

/** A recorded value as text: strings as they are, null as a dash, anything else as JSON. */
function show(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** The fields an entry changed, each with its old and new value. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(NAMESPACES);
  const oldV = (entry.old ?? {}) as Record<string, unknown>;
  const newV = (entry.new ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(oldV), ...Object.keys(newV)])].sort();
  if (fields.length === 0) return <Typography.Text type="secondary">{t('audit.no_values')}</Typography.Text>;
  return (
    <table className="audit-diff" data-testid="audit-diff" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <caption style={{ position: 'absolute', left: -10000 }}>{t('audit.changes')}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'start', padding: '4px 8px' }}>{t('audit.field')}</th>
          <th scope="col" style={{ textAlign: 'start', padding: '4px 8px' }}>{t('audit.old')}</th>
          <th scope="col" style={{ textAlign: 'start', padding: '4px 8px' }}>{t('audit.new')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f} style={{ borderTop: '1px solid rgba(127,127,127,0.25)' }}>
            <th scope="row" style={{ textAlign: 'start', padding: '4px 8px', fontWeight: 500, verticalAlign: 'top' }}>
              <Typography.Text code>{f}</Typography.Text>
            </th>
            <td style={{ padding: '4px 8px', verticalAlign: 'top', wordBreak: 'break-word' }}>
              {f in oldV ? <del>{show(oldV[f])}</del> : '—'}
            </td>
            <td style={{ padding: '4px 8px', verticalAlign: 'top', wordBreak: 'break-word' }}>
              {f in newV ? <ins style={{ textDecoration: 'none', fontWeight: 500 }}>{show(newV[f])}</ins> : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PersonFilter({ id, value, onChange, org }: { id?: string; value?: number; onChange: (v?: number) => void; org: 'school' | 'company' }) {
  const { t } = useTranslation(NAMESPACES);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 200).trim();
  const people = usePersonOptions(org, term);
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={t('audit.person_placeholder')}
      loading={people.isFetching}
      options={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))}
      notFoundContent={term.length >= 2 ? t('audit.no_people') : t('audit.type_two')}
      data-testid="audit-filter-person"
      style={{ minWidth: 220 }}
    />
  );
}

function RetentionCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const settings = useAuditSettings();
  const save = useSetAuditSettings();
  const [days, setDays] = useState<number | null>(null);
  const current = days ?? settings.data?.retention_days ?? 0;
  return (
    <Card size="small" title={t('audit.retention')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('audit.retention_help')}</Typography.Paragraph>
      <Space wrap>
        <label htmlFor="audit-retention">{t('audit.retention_days')}</label>
        <InputNumber
          id="audit-retention"
          min={0}
          max={3650}
          value={current}
          disabled={!canEdit || settings.isLoading}
          onChange={(v) => setDays(typeof v === 'number' ? v : 0)}
          data-testid="audit-retention"
        />
        {canEdit && (
          <Button
            loading={save.isPending}
            disabled={days === null}
            data-testid="audit-retention-save"
            onClick={() =>
              save.mutate(
                { retention_days: current },
                {
                  onSuccess: () => {
                    setDays(null);
                    void message.success(t('audit.retention_saved'));
                  },
                  onError: (e) => void message.error(translateApiError(t, e)),
                },
              )
            }
          >
            {t('common:actions.save')}
          </Button>
        )}
        <Typography.Text type="secondary">{current === 0 ? t('audit.kept_forever') : t('audit.kept_days', { count: current })}</Typography.Text>
      </Space>
    </Card>
  );
}

export default function AuditPage() {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const session = useSession();
  const org = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEditRetention = !!session?.permissions?.includes(`add.manage.${org}`);
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const trail = useAuditTrail(filters);
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [shown, setShown] = useState<AuditEntry | null>(null);
  const [entityId, setEntityId] = useState(filters.entityId ?? '');

  const entries = useMemo(() => trail.data?.pages.flatMap((p) => p.data) ?? [], [trail.data]);
  const actors = useMemo(() => {
    const m = new Map<number, string>();
    for (const e of entries) if (e.actor_id) m.set(e.actor_id, e.actor_name);
    return [...m.entries()].map(([value, label]) => ({ value, label }));
  }, [entries]);

  const setFilter = (k: string, v: string | number | undefined) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (v === undefined || v === '') p.delete(k);
        else p.set(k, String(v));
        return p;
      },
      { replace: true },
    );

  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    try {
      const { blob, fileName } = await downloadAudit(format, filters);
      saveBlob(blob, fileName);
    } catch (e) {
      void message.error(translateApiError(t, e));
    } finally {
      setBusy(null);
    }
  };

  const when = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');
  const columns: ListColumn<AuditEntry>[] = [
    { title: t('audit.when'), dataIndex: 'at', primary: true, render: (v: string) => <span data-testid="audit-row-when">{when(v)}</span> },
    {
      title: t('audit.who'),
      key: 'who',
      render: (_, e) => (
        <Space size={4} wrap>
          <span data-testid="audit-row-actor">{e.actor_name || `#${e.actor_id}`}</span>
          {e.via === 'token' && <Tag>{t('audit.via_token', { id: e.token_id })}</Tag>}
        </Space>
      ),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (a: string) => (
        <Tag color={ACTION_COLORS[a]} data-testid="audit-row-action">
          {t(`audit.actions.${a}`, { defaultValue: a })}
        </Tag>
      ),
    },
    {
      title: t('audit.entity'),
      key: 'entity',
      render: (_, e) => (
        <span data-testid="audit-row-entity">
          {t(`audit.kinds.${e.entity}`, { defaultValue: e.entity })}
          {e.entity_id ? ` #${e.entity_id}` : ''}
        </span>
      ),
    },
    { title: t('audit.person'), dataIndex: 'person_name', render: (v: string) => v || '—' },
    { title: t('audit.ip'), dataIndex: 'ip' },
  ];
  if (narrow)
    columns.push({
      key: 'actions',
      title: t('audit.changes'),
      render: (_, e) => (
        <Button size="small" icon={<DiffOutlined />} onClick={() => setShown(e)} data-testid="audit-show-changes">
          {t('audit.show_changes')}
        </Button>
      ),
    });

  return (
    <>
      <PageHeader
        title={t('menu.audit')}
        extra={
          <Space.Compact>
            <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={!!busy} onClick={() => void run('xlsx')} data-testid="audit-export-xlsx">
              {t('audit.export_xlsx')}
            </Button>
            <Button icon={<FileTextOutlined />} loading={busy === 'csv'} disabled={!!busy} onClick={() => void run('csv')} data-testid="audit-export-csv">
              {t('audit.export_csv')}
            </Button>
          </Space.Compact>
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Flex wrap gap={12} align="flex-end">
            <Form.Item label={t('audit.person')} htmlFor="audit-person" style={{ marginBottom: 0 }}>
              <PersonFilter id="audit-person" org={org} value={filters.person} onChange={(v) => setFilter('person', v)} />
            </Form.Item>
            <Form.Item label={t('audit.entity')} htmlFor="audit-entity" style={{ marginBottom: 0 }}>
              <Select<AuditEntityKind>
                id="audit-entity"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={filters.entity}
                onChange={(v) => setFilter('entity', v)}
                placeholder={t('audit.any_entity')}
                options={KINDS.map((k) => ({ value: k, label: t(`audit.kinds.${k}`) }))}
                data-testid="audit-filter-entity"
                style={{ minWidth: 200 }}
              />
            </Form.Item>
            <Form.Item label={t('audit.entity_id')} htmlFor="audit-entity-id" style={{ marginBottom: 0 }}>
              <Input
                id="audit-entity-id"
                value={entityId}
                maxLength={64}
                onChange={(e) => setEntityId(e.target.value)}
                onBlur={() => setFilter('entity_id', entityId.trim())}
                onPressEnter={() => setFilter('entity_id', entityId.trim())}
                data-testid="audit-filter-entity-id"
                style={{ width: 120 }}
              />
            </Form.Item>
            <Form.Item label={t('audit.who')} htmlFor="audit-actor" style={{ marginBottom: 0 }}>
              <Select<number>
                id="audit-actor"
                allowClear
                value={filters.actor}
                onChange={(v) => setFilter('actor', v)}
                placeholder={t('audit.anyone')}
                options={actors}
                data-testid="audit-filter-actor"
                style={{ minWidth: 180 }}
              />
            </Form.Item>
            <Form.Item label={t('audit.from')} htmlFor="audit-from" style={{ marginBottom: 0 }}>
              <DatePicker
                id="audit-from"
                value={filters.from ? dayjs(filters.from) : null}
                onChange={(d) => setFilter('from', d ? d.format('YYYY-MM-DD') : undefined)}
                data-testid="audit-filter-from"
              />
            </Form.Item>
            <Form.Item label={t('audit.to')} htmlFor="audit-to" style={{ marginBottom: 0 }}>
              <DatePicker
                id="audit-to"
                value={filters.to ? dayjs(filters.to) : null}
                onChange={(d) => setFilter('to', d ? d.format('YYYY-MM-DD') : undefined)}
                data-testid="audit-filter-to"
              />
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      <Card style={{ marginTop: 16 }}>
        {trail.error ? (
          <QueryError error={trail.error} onRetry={() => void trail.refetch()} />
        ) : (
          <>
            <ResponsiveTable<AuditEntry>
              rowKey="id"
              columns={columns}
              dataSource={entries}
              loading={trail.isLoading}
              pagination={false}
              locale={{ emptyText: t('audit.empty') }}
              expandable={narrow ? undefined : { expandedRowRender: (e) => <ChangeList entry={e} />, columnTitle: t('audit.changes') }}
              data-testid="audit-table"
            />
            {trail.hasNextPage && (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Button onClick={() => void trail.fetchNextPage()} loading={trail.isFetchingNextPage} data-testid="audit-more">
                  {t('audit.load_more')}
                </Button>
              </Flex>
            )}
          </>
        )}
      </Card>
      <RetentionCard canEdit={canEditRetention} />
      <Modal
        open={!!shown}
        title={shown ? `${t(`audit.kinds.${shown.entity}`, { defaultValue: shown.entity })}${shown.entity_id ? ` #${shown.entity_id}` : ''}` : ''}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t('common:actions.close')}</Button>}
      >
        {shown && <ChangeList entry={shown} />}
      </Modal>
    </>
  );
}
