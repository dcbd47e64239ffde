// The payroll export under the attendance reports: pick a month, a group, a saved column
// mapping and a format, and download; below, edit the organisation's mappings (rename,
// reorder by dragging or with the up/down buttons, show or hide columns).
import { SaveReportButton } from '../../../components/saved-report-modal';
import { useSession } from '../../../lib/use-session';
import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Empty, Form, Input, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AttendanceFace } from '../api/faces';
import {
  downloadPayroll,
  editorColumns,
  mappingColumns,
  moveRow,
  useDeleteMapping,
  usePayrollDepartments,
  usePayrollGroups,
  usePayrollMappings,
  useSaveMapping,
  type EditorColumn,
  type PayrollColumn,
  type PayrollFormat,
  type PayrollMapping,
} from '../api/payroll';
import { useOrgToday } from './use-org-today';
import { QueryError } from '../../../components/query-error';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';

export function PayrollView({ face }: { face: AttendanceFace }) {
  const mappings = usePayrollMappings();
  if (mappings.isError) return <QueryError error={mappings.error} onRetry={() => mappings.refetch()} />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PayrollDownload face={face} mappings={mappings.data?.mappings ?? []} />
      <MappingEditor mappings={mappings.data?.mappings ?? []} available={mappings.data?.columns ?? []} loading={mappings.isLoading} />
    </Space>
  );
}

function PayrollDownload({ face, mappings }: { face: AttendanceFace; mappings: PayrollMapping[] }) {
  const { t } = useTranslation(['attendance']);
  const { message } = App.useApp();
  const today = useOrgToday();
  const groups = usePayrollGroups(face);
  const departments = usePayrollDepartments(face);
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [month, setMonth] = useState(() => dayjs(today).subtract(1, 'month').format('YYYY-MM'));
  const [groupId, setGroupId] = useState<number | undefined>();
  const [mappingId, setMappingId] = useState<number | undefined>();
  const [format, setFormat] = useState<PayrollFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const canSave = !!session?.permissions?.includes(`add.manage.${face.orgKind}.employee`);

  const run = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadPayroll(face, { month, groupId, departmentId, mappingId, format });
      saveBlob(blob, fileName);
    } catch (e) {
      message.error(translateApiError(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('payroll.title')}>
      <Typography.Paragraph type="secondary">{t('payroll.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void run()}>
        <Space wrap align="end" size="middle">
          <Form.Item label={t('payroll.month')} htmlFor="payroll-month" style={{ marginBottom: 0 }}>
            <DatePicker
              id="payroll-month"
              picker="month"
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
              data-testid="payroll-month"
            />
          </Form.Item>
          <Form.Item label={t('payroll.group')} htmlFor="payroll-group" style={{ marginBottom: 0 }}>
            <Select
              id="payroll-group"
              style={{ minWidth: 180 }}
              allowClear
              placeholder={t('payroll.all_people')}
              value={groupId}
              onChange={setGroupId}
              loading={groups.isLoading}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              data-testid="payroll-group"
            />
          </Form.Item>
          {face.orgKind === 'company' && (
            <Form.Item label={t('payroll.department')} htmlFor="payroll-department" style={{ marginBottom: 0 }}>
              <Select
                id="payroll-department"
                style={{ minWidth: 180 }}
                allowClear
                placeholder={t('payroll.all_departments')}
                value={departmentId}
                onChange={setDepartmentId}
                loading={departments.isLoading}
                options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                data-testid="payroll-department"
              />
            </Form.Item>
          )}
          <Form.Item label={t('payroll.mapping')} htmlFor="payroll-mapping" style={{ marginBottom: 0 }}>
            <Select
              id="payroll-mapping"
              style={{ minWidth: 180 }}
              allowClear
              placeholder={t('payroll.default_mapping')}
              value={mappingId}
              onChange={setMappingId}
              options={mappings.map((m) => ({ value: m.id, label: m.is_default ? t('payroll.is_default_name', { name: m.name }) : m.name }))}
              data-testid="payroll-mapping"
            />
          </Form.Item>
          <Form.Item label={t('payroll.format')} style={{ marginBottom: 0 }}>
            <Radio.Group
              optionType="button"
              value={format}
              onChange={(e) => setFormat(e.target.value as PayrollFormat)}
              options={[
                { value: 'xlsx', label: 'Excel (xlsx)' },
                { value: 'csv', label: 'CSV' },
              ]}
              aria-label={t('payroll.format')}
              data-testid="payroll-format"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<DownloadOutlined />} loading={busy} data-testid="payroll-download">
            {t('payroll.download')}
          </Button>
          {canSave && (
            <SaveReportButton
              kind="payroll"
              filters={Object.fromEntries(
                Object.entries({ kind: face.kind, group_id: groupId, department_id: departmentId, mapping: mappingId })
                  .filter(([, v]) => v != null)
                  .map(([k, v]) => [k, String(v)]),
              )}
            />
          )}
        </Space>
      </Form>
    </Card>
  );
}

function MappingEditor({ mappings, available, loading }: { mappings: PayrollMapping[]; available: PayrollColumn[]; loading: boolean }) {
  const { t } = useTranslation(['attendance']);
  const { message } = App.useApp();
  const save = useSaveMapping();
  const remove = useDeleteMapping();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [rows, setRows] = useState<EditorColumn[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();

  const current = typeof editing === 'number' ? mappings.find((m) => m.id === editing) : undefined;
  useEffect(() => {
    if (editing === undefined) return;
    setName(current?.name ?? '');
    setIsDefault(current?.is_default ?? false);
    setRows(editorColumns(available, current));
    setNameError(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, current?.id, current?.updated_at, available.length]);

  const change = (i: number, patch: Partial<EditorColumn>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) => {
    setRows((rs) => moveRow(rs, i, by));
    // Keep the focus on the same button of the moved row, so a keyboard user can go on.
    const to = i + by;
    window.setTimeout(() => document.getElementById(`payroll-col-${by < 0 ? 'up' : 'down'}-${to}`)?.focus(), 0);
  };

  const submit = async () => {
    if (!name.trim()) {
      setNameError(t('payroll.name_required'));
      return;
    }
    try {
      const res = await save.mutateAsync({
        id: typeof editing === 'number' ? editing : undefined,
        body: { name: name.trim(), is_default: isDefault, columns: mappingColumns(rows) },
      });
      message.success(t('payroll.saved'));
      setEditing(res.data.id);
    } catch (e) {
      message.error(translateApiError(t, e));
    }
  };

  return (
    <Card title={t('payroll.mappings')} loading={loading}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('payroll.edit_mapping')}
          style={{ minWidth: 200 }}
          placeholder={t('payroll.edit_mapping')}
          value={typeof editing === 'number' ? editing : undefined}
          onChange={(v: number) => setEditing(v)}
          options={mappings.map((m) => ({ value: m.id, label: m.name }))}
          data-testid="payroll-edit-mapping"
        />
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="payroll-new-mapping">
          {t('payroll.new_mapping')}
        </Button>
      </Space>
      {editing === undefined ? (
        <Empty description={t('payroll.pick_mapping')} />
      ) : (
        <Form layout="vertical" onFinish={() => void submit()}>
          <Form.Item label={t('payroll.mapping_name')} htmlFor="payroll-mapping-name" validateStatus={nameError ? 'error' : undefined} help={nameError} required>
            <Input id="payroll-mapping-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 360 }} data-testid="payroll-mapping-name" />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} data-testid="payroll-mapping-default">
              {t('payroll.make_default')}
            </Checkbox>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('payroll.columns_help')}</Typography.Paragraph>
          <ol className="payroll-columns" aria-label={t('payroll.columns')} style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
            {rows.map((r, i) => (
              <li
                key={r.key}
                draggable
                onDragStart={() => setDragged(i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragged === null || dragged === i) return;
                  setRows((rs) => {
                    const out = rs.slice();
                    const [m] = out.splice(dragged, 1);
                    out.splice(i, 0, m);
                    return out;
                  });
                  setDragged(null);
                }}
                data-testid={`payroll-col-${r.key}`}
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 8,
                  padding: '6px 0',
                  borderBottom: '1px solid rgba(0,0,0,0.06)',
                  opacity: r.shown ? 1 : 0.75,
                }}
              >
                <HolderOutlined aria-hidden style={{ cursor: 'grab' }} />
                <Checkbox checked={r.shown} onChange={(e) => change(i, { shown: e.target.checked })} aria-label={t('payroll.show_column', { name: r.defaultHeader })} data-testid={`payroll-show-${r.key}`}>
                  <span style={{ display: 'inline-block', minWidth: 180 }}>{r.defaultHeader}</span>
                </Checkbox>
                <Input
                  value={r.header}
                  maxLength={100}
                  disabled={!r.shown}
                  onChange={(e) => change(i, { header: e.target.value })}
                  aria-label={t('payroll.header_of', { name: r.defaultHeader })}
                  style={{ flex: '1 1 160px', minWidth: 140, maxWidth: 320 }}
                  data-testid={`payroll-header-${r.key}`}
                />
                <Space.Compact>
                  <Button
                    id={`payroll-col-up-${i}`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('payroll.move_up', { name: r.defaultHeader })}
                    data-testid={`payroll-up-${r.key}`}
                  />
                  <Button
                    id={`payroll-col-down-${i}`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('payroll.move_down', { name: r.defaultHeader })}
                    data-testid={`payroll-down-${r.key}`}
                  />
                </Space.Compact>
              </li>
            ))}
          </ol>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="payroll-mapping-save">
              {t('payroll.save_mapping')}
            </Button>
            {typeof editing === 'number' && (
              <Popconfirm
                title={t('payroll.delete_confirm')}
                okText={t('payroll.delete')}
                cancelText={t('payroll.cancel')}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(editing);
                    setEditing(undefined);
                  } catch (e) {
                    message.error(translateApiError(t, e));
                  }
                }}
              >
                <Button danger loading={remove.isPending} data-testid="payroll-mapping-delete">
                  {t('payroll.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Form>
      )}
    </Card>
  );
}
