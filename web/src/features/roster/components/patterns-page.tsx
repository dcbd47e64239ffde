// Shifts and rotation patterns (issue 13): the named shifts an organisation works, patterns
// that rotate them over a cycle of days (4 on 4 off; a week of mornings then a week of
// nights), and which group follows which pattern from what date instead of its weekly
// schedule.
import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api-client';
import { dateInZone } from '../../../lib/org-date';
import { useSession } from '../../../lib/use-session';
import {
  useClearGroupPattern,
  useDeletePattern,
  useDeleteShift,
  useGroupPatterns,
  useGroups,
  usePatterns,
  useSavePattern,
  useSaveShift,
  useSetGroupPattern,
  useShifts,
  type GroupPattern,
  type Pattern,
  type Shift,
} from '../api/roster';

const OFF = 'off';

export default function PatternsPage() {
  const { t } = useTranslation(['roster', 'common', 'errors']);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const shifts = useShifts();
  const patterns = usePatterns();
  const groupPatterns = useGroupPatterns();
  const groups = useGroups(orgKind);
  const saveShift = useSaveShift();
  const deleteShift = useDeleteShift();
  const savePattern = useSavePattern();
  const deletePattern = useDeletePattern();
  const setGroupPattern = useSetGroupPattern();
  const clearGroupPattern = useClearGroupPattern();
  const [shiftForm] = Form.useForm<Shift>();
  const [patternForm] = Form.useForm<{ name: string; cycle_days: number }>();
  const [groupForm] = Form.useForm<{ group_id: number; pattern_id: number; start_date: string; effective_from?: string }>();
  const [cycle, setCycle] = useState<string[]>(Array(7).fill(OFF));

  const errorText = (e: unknown) => {
    if (e instanceof ApiError) {
      const field = Object.values(e.details ?? {})[0]?.[0];
      const code = field?.code ?? e.code;
      return t([`roster:errors.${code}`, `errors:${code}`], { defaultValue: e.message });
    }
    return t('errors:generic');
  };
  const ok = (key: string) => () => message.success(t(key));
  const fail = (e: unknown) => message.error(errorText(e));
  const shiftOptions = [{ value: OFF, label: t('grid.day_off') }, ...(shifts.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  const shiftName = (id: number | null) => (id == null ? t('grid.day_off') : (shifts.data?.find((s) => s.id === id)?.name ?? '?'));

  const shiftColumns: TableColumnsType<Shift> = [
    { title: t('shifts.name'), dataIndex: 'name' },
    { title: t('shifts.time_in'), dataIndex: 'time_in' },
    { title: t('shifts.cut_off_time_in'), dataIndex: 'cut_off_time_in' },
    { title: t('shifts.time_out'), dataIndex: 'time_out' },
    { title: t('shifts.cut_off_time_out'), dataIndex: 'cut_off_time_out' },
  ];
  if (canEdit)
    shiftColumns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, s) => (
        <Popconfirm title={t('shifts.delete_confirm', { name: s.name })} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} onConfirm={() => deleteShift.mutateAsync(s.id).then(ok('shifts.deleted'), fail)}>
          <Button danger size="large" icon={<DeleteOutlined />} aria-label={t('shifts.delete', { name: s.name })} />
        </Popconfirm>
      ),
    });

  const patternColumns: TableColumnsType<Pattern> = [
    { title: t('patterns.name'), dataIndex: 'name' },
    { title: t('patterns.cycle_days'), dataIndex: 'cycle_days' },
    { title: t('patterns.days'), key: 'days', render: (_, p) => p.days.map((d) => shiftName(d ?? null)).join(' · ') },
    { title: t('patterns.groups'), dataIndex: 'groups' },
  ];
  if (canEdit)
    patternColumns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, p) => (
        <Popconfirm title={t('patterns.delete_confirm', { name: p.name })} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} onConfirm={() => deletePattern.mutateAsync(p.id).then(ok('patterns.deleted'), fail)}>
          <Button danger size="large" icon={<DeleteOutlined />} aria-label={t('patterns.delete', { name: p.name })} />
        </Popconfirm>
      ),
    });

  const groupColumns: TableColumnsType<GroupPattern> = [
    { title: t('groups.group'), dataIndex: 'group_name' },
    { title: t('groups.pattern'), key: 'pattern', render: (_, g) => patterns.data?.find((p) => p.id === g.pattern_id)?.name ?? '' },
    { title: t('groups.start_date'), dataIndex: 'start_date' },
    { title: t('groups.effective_from'), dataIndex: 'effective_from' },
  ];
  if (canEdit)
    groupColumns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, g) => (
        <Button size="large" onClick={() => clearGroupPattern.mutateAsync(g.group_id).then(ok('groups.cleared'), fail)}>
          {t('groups.back_to_weekly')}
        </Button>
      ),
    });

  const table = <T extends object>(q: { data?: T[]; error: unknown; isLoading: boolean; refetch: () => unknown }, columns: TableColumnsType<T>, rowKey: string, testid: string) =>
    q.error ? (
      <QueryError error={q.error} onRetry={() => void q.refetch()} />
    ) : (
      <Table<T> rowKey={rowKey} columns={columns} dataSource={q.data ?? []} loading={q.isLoading} pagination={false} scroll={{ x: 'max-content' }} data-testid={testid} />
    );

  return (
    <>
      <PageHeader title={t('menu.patterns')} />
      <Card title={t('shifts.title')}>
        <Typography.Paragraph type="secondary">{t('shifts.intro')}</Typography.Paragraph>
        {table(shifts, shiftColumns, 'id', 'shifts-table')}
        {canEdit && (
          <Form
            form={shiftForm}
            layout="vertical"
            style={{ marginTop: 16 }}
            onFinish={(v) => saveShift.mutate({ input: v }, { onSuccess: () => { shiftForm.resetFields(); message.success(t('shifts.saved')); }, onError: fail })}
          >
            <Space wrap align="end">
              <Form.Item name="name" label={t('shifts.name')} rules={[{ required: true, message: t('shifts.name_required') }]}>
                <Input size="large" data-testid="shift-name" maxLength={100} />
              </Form.Item>
              {(['time_in', 'cut_off_time_in', 'time_out', 'cut_off_time_out'] as const).map((f) => (
                <Form.Item key={f} name={f} label={t(`shifts.${f}`)} rules={[{ required: true, message: t('shifts.time_required') }]}>
                  <Input size="large" type="time" data-testid={`shift-${f}`} />
                </Form.Item>
              ))}
              <Form.Item>
                <Button size="large" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saveShift.isPending} data-testid="shift-add">
                  {t('shifts.add')}
                </Button>
              </Form.Item>
            </Space>
          </Form>
        )}
      </Card>

      <Card title={t('patterns.title')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{t('patterns.intro')}</Typography.Paragraph>
        {table(patterns, patternColumns, 'id', 'patterns-table')}
        {canEdit && (
          <Form
            form={patternForm}
            layout="vertical"
            style={{ marginTop: 16 }}
            initialValues={{ cycle_days: 7 }}
            onFinish={(v) =>
              savePattern.mutate(
                { input: { name: v.name, cycle_days: v.cycle_days, days: cycle.slice(0, v.cycle_days).map((d) => (d === OFF ? null : Number(d))) } },
                { onSuccess: () => { patternForm.resetFields(); setCycle(Array(7).fill(OFF)); message.success(t('patterns.saved')); }, onError: fail },
              )
            }
          >
            <Space wrap align="end">
              <Form.Item name="name" label={t('patterns.name')} rules={[{ required: true, message: t('patterns.name_required') }]}>
                <Input size="large" data-testid="pattern-name" maxLength={100} />
              </Form.Item>
              <Form.Item name="cycle_days" label={t('patterns.cycle_days')} rules={[{ required: true, message: t('patterns.cycle_required') }]}>
                <InputNumber
                  size="large"
                  min={1}
                  max={56}
                  data-testid="pattern-cycle"
                  onChange={(n) => {
                    const len = Math.max(1, Math.min(56, Number(n) || 1));
                    setCycle((c) => Array.from({ length: len }, (_, i) => c[i] ?? OFF));
                  }}
                />
              </Form.Item>
            </Space>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('patterns.days')}</legend>
              <Space wrap>
                {cycle.map((d, i) => (
                  <Select
                    key={i}
                    size="large"
                    value={d}
                    options={shiftOptions}
                    style={{ width: 150 }}
                    aria-label={t('patterns.day_n', { n: i + 1 })}
                    data-testid="pattern-day"
                    onChange={(v) => setCycle((c) => c.map((x, j) => (j === i ? v : x)))}
                  />
                ))}
              </Space>
            </fieldset>
            <Button size="large" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={savePattern.isPending} style={{ marginTop: 16 }} data-testid="pattern-add">
              {t('patterns.add')}
            </Button>
          </Form>
        )}
      </Card>

      <Card title={t('groups.title')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{t('groups.intro')}</Typography.Paragraph>
        {table(groupPatterns, groupColumns, 'group_id', 'group-patterns-table')}
        {canEdit && (
          <Form
            form={groupForm}
            layout="vertical"
            style={{ marginTop: 16 }}
            initialValues={{ start_date: dateInZone(session?.org?.timezone ?? undefined) }}
            onFinish={(v) =>
              setGroupPattern.mutate(
                { groupId: v.group_id, pattern_id: v.pattern_id, start_date: v.start_date, effective_from: v.effective_from || undefined },
                { onSuccess: ok('groups.saved'), onError: fail },
              )
            }
          >
            <Space wrap align="end">
              <Form.Item name="group_id" label={t('groups.group')} rules={[{ required: true, message: t('groups.group_required') }]}>
                <Select size="large" style={{ width: 220 }} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} data-testid="gp-group" />
              </Form.Item>
              <Form.Item name="pattern_id" label={t('groups.pattern')} rules={[{ required: true, message: t('groups.pattern_required') }]}>
                <Select size="large" style={{ width: 220 }} options={(patterns.data ?? []).map((p) => ({ value: p.id, label: p.name }))} data-testid="gp-pattern" />
              </Form.Item>
              <Form.Item name="start_date" label={t('groups.start_date')} rules={[{ required: true, message: t('groups.start_required') }]}>
                <Input size="large" type="date" data-testid="gp-start" />
              </Form.Item>
              <Form.Item name="effective_from" label={t('groups.effective_from_optional')}>
                <Input size="large" type="date" data-testid="gp-effective" />
              </Form.Item>
              <Form.Item>
                <Button size="large" type="primary" htmlType="submit" loading={setGroupPattern.isPending} data-testid="gp-save">
                  {t('groups.follow')}
                </Button>
              </Form.Item>
            </Space>
          </Form>
        )}
      </Card>
    </>
  );
}
