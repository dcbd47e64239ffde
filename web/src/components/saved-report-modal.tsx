// The form of a saved report (issue 15): its name, file format, schedule and recipients.
// Used to save a report screen with its filters ("Save this report") and to edit one.
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, translateApiError } from '../lib/form-errors';
import { useLanguage } from '../lib/language-context';
import {
  useCreateSavedReport,
  useReportRecipients,
  useUpdateSavedReport,
  type ReportKind,
  type SavedReport,
  type SavedReportInput,
} from '../lib/saved-reports';

export const REPORT_NAMESPACES = ['reports', 'common', 'errors'];
const LANGS = ['en', 'ms', 'ch', 'jp', 'es', 'de', 'fr'] as const;

type FormValues = Pick<SavedReportInput, 'name' | 'format' | 'schedule' | 'weekday' | 'month_day' | 'run_time' | 'recipients' | 'lang'>;

export interface SavedReportModalProps {
  open: boolean;
  onClose: () => void;
  /** The report to edit; absent to save a new one of kind with filters. */
  report?: SavedReport | null;
  kind?: ReportKind;
  filters?: Record<string, string>;
}

export function SavedReportModal({ open, onClose, report, kind, filters }: SavedReportModalProps) {
  const { t } = useTranslation(REPORT_NAMESPACES);
  const { message } = App.useApp();
  const { language } = useLanguage();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateSavedReport();
  const update = useUpdateSavedReport();
  const recipients = useReportRecipients(open);
  const schedule = Form.useWatch('schedule', form);
  const reportKind = report?.kind ?? kind ?? 'daily';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (report) {
      form.setFieldsValue({
        name: report.name, format: report.format, schedule: report.schedule, weekday: report.weekday, month_day: report.month_day || 1,
        run_time: report.run_time, recipients: report.recipients, lang: report.lang as FormValues['lang'],
      });
    } else {
      form.setFieldsValue({ format: 'xlsx', schedule: 'none', weekday: 1, month_day: 1, run_time: '23:00', recipients: [], lang: (LANGS as readonly string[]).includes(language) ? (language as FormValues['lang']) : 'en' });
    }
  }, [open, report, form, language]);

  const onFinish = (v: FormValues) => {
    const body: SavedReportInput = { ...v, kind: reportKind, filters: report?.filters ?? filters ?? {} };
    const done = {
      onSuccess: () => {
        message.success(t('saved.saved'));
        onClose();
      },
      onError: (e: unknown) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    };
    if (report) update.mutate({ ...body, id: report.id }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal
      open={open}
      title={report ? t('saved.edit_title', { name: report.name }) : t('saved.save_title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'saved-report-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('saved.name')} rules={[{ required: true, whitespace: true, message: t('saved.name_required') }, { max: 120 }]}>
          <Input data-testid="saved-report-name" maxLength={120} />
        </Form.Item>
        <Form.Item name="format" label={t('saved.format')}>
          <Select
            data-testid="saved-report-format"
            options={(reportKind === 'payroll' ? ['xlsx'] : ['xlsx', 'pdf']).map((f) => ({ value: f, label: f.toUpperCase() }))}
          />
        </Form.Item>
        <Form.Item name="schedule" label={t('saved.schedule')} extra={t('saved.schedule_help')}>
          <Select
            data-testid="saved-report-schedule"
            options={(['none', 'daily', 'weekly', 'monthly'] as const).map((s) => ({ value: s, label: t(`saved.schedules.${s}`) }))}
          />
        </Form.Item>
        {schedule === 'weekly' && (
          <Form.Item name="weekday" label={t('saved.weekday')}>
            <Select data-testid="saved-report-weekday" options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`saved.weekdays.${d}`) }))} />
          </Form.Item>
        )}
        {schedule === 'monthly' && (
          <Form.Item name="month_day" label={t('saved.month_day')} rules={[{ required: true, type: 'number', min: 1, max: 31, message: t('saved.month_day_range') }]}>
            <InputNumber data-testid="saved-report-month-day" min={1} max={31} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {schedule && schedule !== 'none' && (
          <>
            <Form.Item name="run_time" label={t('saved.run_time')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('saved.run_time_invalid') }]}>
              <Input data-testid="saved-report-run-time" placeholder="23:00" inputMode="numeric" maxLength={5} />
            </Form.Item>
            <Form.Item name="recipients" label={t('saved.recipients')} rules={[{ required: true, type: 'array', min: 1, message: t('saved.recipients_required') }]}>
              <Select
                mode="multiple"
                data-testid="saved-report-recipients"
                loading={recipients.isLoading}
                optionFilterProp="label"
                options={(recipients.data ?? []).map((r) => ({ value: r.id, label: `${r.name} <${r.email}>` }))}
              />
            </Form.Item>
            <Form.Item name="lang" label={t('saved.lang')}>
              <Select data-testid="saved-report-lang" options={LANGS.map((l) => ({ value: l, label: t(`saved.langs.${l}`) }))} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

/** "Save this report": saves the screen's report with its filters under a name. */
export function SaveReportButton({ kind, filters }: { kind: ReportKind; filters?: Record<string, string> }) {
  const { t } = useTranslation(REPORT_NAMESPACES);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SaveOutlined />} onClick={() => setOpen(true)} data-testid="save-report">
        {t('saved.save_this')}
      </Button>
      <SavedReportModal open={open} onClose={() => setOpen(false)} kind={kind} filters={filters} />
    </>
  );
}
