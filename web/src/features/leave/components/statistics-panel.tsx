// Statistics cards (week, pending, approved, total), the year's statistics as a file (and as a
// saved report), the year-end carry-forward and the calendar feed link.
import { useMemo, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Statistic, Typography } from 'antd';
import { CopyOutlined, FileExcelOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { QueryError } from '../../../components/query-error';
import type { CarryResult, OrgLeaveFace } from '../api/faces';
import { useAllLeaveTypes } from '../api/leave-types';
import { useCalendarLink, useCarryForward, useLeaveStats, useLedger, useResetCalendarLink } from '../api/statistics';
import { CarryForwardTable, type PersonLabel } from './carry-forward-table';
import { SaveReportButton } from '../../../components/saved-report-modal';

const KEYS = ['week', 'pending', 'approved', 'total'] as const;

export function StatsCards({ face }: { face: OrgLeaveFace }) {
  const { t } = useTranslation('leave');
  const stats = useLeaveStats(face);
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => stats.refetch()} />;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {KEYS.map((k) => (
        <Col key={k} xs={12} md={6}>
          <Card>
            <Statistic title={t(`stats.${k}`)} value={stats.data?.[k] ?? 0} loading={stats.isLoading} data-testid={`leave-stat-${k}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The year's statistics as a pdf or xlsx (applications by status and the ledger); saved as a report. */
function StatisticsExport({ face, canSave }: { face: OrgLeaveFace; canSave: boolean }) {
  const { t, i18n } = useTranslation(['leave', 'errors']);
  const { message } = App.useApp();
  const [year, setYear] = useState<number | null>(new Date().getFullYear());
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const run = async (type: 'pdf' | 'xlsx') => {
    setBusy(type);
    try {
      const { blob, fileName } = await apiDownload(face.api.statisticsReport, { type, lang: i18n.language, year: year ?? undefined }, `${face.kind}-statistics.${type}`);
      saveBlob(blob, fileName);
    } catch (e) {
      message.error(translateApiError(t, e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={t('stats_export.title')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('stats_export.intro')}</Typography.Paragraph>
      <Space wrap>
        <label htmlFor={`leave-stats-year-${face.kind}`}>{t('stats_export.year')}</label>
        <InputNumber id={`leave-stats-year-${face.kind}`} min={2000} max={2200} value={year} onChange={(v) => setYear(v)} data-testid="leave-stats-year" />
        <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={!!busy} onClick={() => void run('pdf')} data-testid="leave-stats-export-pdf">
          {t('stats_export.pdf')}
        </Button>
        <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={!!busy} onClick={() => void run('xlsx')} data-testid="leave-stats-export-xlsx">
          {t('stats_export.xlsx')}
        </Button>
        {canSave && <SaveReportButton kind="leave_statistics" filters={{ leave_kind: face.kind }} />}
      </Space>
    </Card>
  );
}

interface CarryValues {
  leave_type_id: number;
  year: number;
  max_carry?: number | null;
  valid_until?: Dayjs | null;
}

function CarryForward({ face }: { face: OrgLeaveFace }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<CarryValues>();
  const types = useAllLeaveTypes(face.api.types);
  const carry = useCarryForward(face);
  const [preview, setPreview] = useState<{ values: CarryValues; result: CarryResult } | null>(null);
  const ledger = useLedger(face, preview?.values.year ?? 0, !!preview);
  const people = useMemo(() => {
    const m = new Map<number, PersonLabel>();
    for (const r of ledger.data ?? []) m.set(r.employee_id, { code: r.code, name: r.name });
    return m;
  }, [ledger.data]);

  const body = (v: CarryValues, apply: boolean) => ({
    leave_type_id: v.leave_type_id,
    year: v.year,
    max_carry: v.max_carry ?? undefined,
    valid_until: v.valid_until ? v.valid_until.format('YYYY-MM-DD') : undefined,
    apply,
  });

  const onPreview = (v: CarryValues) =>
    carry.mutate(body(v, false), {
      onSuccess: (result) => setPreview({ values: v, result }),
      onError: (e) => message.error(translateApiError(t, e)),
    });

  const onApply = () => {
    if (!preview) return;
    Modal.confirm({
      title: t('carry.confirm_title'),
      content: t('carry.confirm', { count: preview.result.rows.length, year: preview.values.year + 1 }),
      okText: t('carry.apply'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'carry-confirm' } as Record<string, string>,
      onOk: () =>
        carry.mutateAsync(body(preview.values, true)).then(
          (result) => {
            message.success(t('carry.applied', { count: result.rows.length }));
            setPreview(null);
          },
          (e) => message.error(translateApiError(t, e)),
        ),
    });
  };

  return (
    <Card title={t('carry.title')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('carry.intro')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={onPreview} initialValues={{ year: new Date().getFullYear() }} onValuesChange={() => setPreview(null)}>
        <Form.Item name="leave_type_id" label={t('fields.type')} rules={[{ required: true, message: t('errors:validation.required') }]}>
          <Select style={{ minWidth: 200 }} options={(types.data ?? []).map((x) => ({ value: x.id, label: x.type }))} data-testid="carry-type" />
        </Form.Item>
        <Form.Item name="year" label={t('carry.year')} rules={[{ required: true, message: t('errors:validation.required') }]}>
          <InputNumber min={2000} max={2100} data-testid="carry-year" />
        </Form.Item>
        <Form.Item name="max_carry" label={t('fields.max_carry')} tooltip={t('carry.max_hint')}>
          <InputNumber min={0} step={0.5} precision={2} />
        </Form.Item>
        <Form.Item name="valid_until" label={t('fields.valid_until')}>
          <DatePicker />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={carry.isPending && !preview} data-testid="carry-preview-button">
            {t('carry.preview')}
          </Button>
        </Form.Item>
      </Form>
      {preview && (
        <div style={{ marginTop: 16 }}>
          <CarryForwardTable rows={preview.result.rows} people={people} />
          <Button type="primary" style={{ marginTop: 12 }} disabled={!preview.result.rows.length} onClick={onApply} data-testid="carry-apply">
            {t('carry.apply')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function CalendarFeed() {
  const { t } = useTranslation(['leave', 'common']);
  const { message } = App.useApp();
  const link = useCalendarLink();
  const reset = useResetCalendarLink();
  const session = useSession();
  const canReset = !!session?.permissions?.some((p) => p === 'add.manage.school.employee' || p === 'add.manage.company.employee');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.data ?? '');
      message.success(t('calendar.copied'));
    } catch {
      message.error(t('calendar.copy_failed'));
    }
  };
  return (
    <Card title={t('calendar.title')}>
      <Typography.Paragraph type="secondary">{t('calendar.intro')}</Typography.Paragraph>
      {link.isError ? (
        <QueryError error={link.error} onRetry={() => link.refetch()} />
      ) : (
        <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
          <Input readOnly value={link.data ?? ''} aria-label={t('calendar.title')} data-testid="calendar-url" />
          <Button icon={<CopyOutlined />} onClick={copy} disabled={!link.data}>
            {t('calendar.copy')}
          </Button>
          {canReset && (
            <Button
              danger
              icon={<ReloadOutlined />}
              loading={reset.isPending}
              onClick={() =>
                Modal.confirm({
                  title: t('calendar.reset_title'),
                  content: t('calendar.reset_confirm'),
                  okText: t('calendar.reset'),
                  cancelText: t('common:actions.cancel'),
                  onOk: () => reset.mutateAsync().then(() => message.success(t('calendar.reset_done')), (e) => message.error(translateApiError(t, e))),
                })
              }
            >
              {t('calendar.reset')}
            </Button>
          )}
        </Space.Compact>
      )}
    </Card>
  );
}

/** Everything of the statistics screen; the school shows it under its type details. */
export function StatisticsPanel({ face, withCalendar = true }: { face: OrgLeaveFace; withCalendar?: boolean }) {
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  // The file lists people: it needs the people-reading permission, as the ledger does.
  const canExport = canEdit || !!session?.permissions?.includes(`view.manage.${face.org}.employee`);
  return (
    <div style={{ marginTop: 16 }}>
      <StatsCards face={face} />
      {canExport && <StatisticsExport face={face} canSave={canEdit} />}
      {canEdit && <CarryForward face={face} />}
      {withCalendar && <CalendarFeed />}
    </div>
  );
}
