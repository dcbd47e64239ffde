// The apply form of the personal area and of an admin's assignment: type, dates, full/AM/PM
// for a single day, a time range of one date for hourly types (issue 13), reason and an
// optional attachment.
import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, Radio, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDepartmentOff } from '../api/department-off';
import { applyServerErrors } from '../../../lib/form-errors';
import {
  ATTACHMENT_ACCEPT,
  MAX_REASON,
  attachmentProblem,
  buildApplyPayload,
  isSingleDay,
  rangeMinutes,
  type ApplyPayload,
  type Session,
} from '../api/apply-payload';
import { amountWithUnit } from '../api/amounts';
import { leaveErrorMessages } from './leave-bits';

interface Values {
  person_id?: number;
  leave_type_id: number;
  from_date: Dayjs;
  to_date?: Dayjs | null;
  session?: Session;
  from_time?: string;
  to_time?: string;
  reason?: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const FIELD_MAP: Record<string, string> = { employee_id: 'person_id', id: 'person_id', teacher_id: 'person_id', staff_id: 'person_id' };

/** A type the form can offer (from the type list, or from the member's own entitlements). */
export interface TypeOption {
  id: number;
  type: string;
  unit: string;
  day_count?: number;
  attachment_required?: boolean;
}

export function ApplyForm({
  types,
  typesLoading,
  onSubmit,
  submitting,
  personField,
  submitLabel,
  warnDepartmentOff = false,
}: {
  types: TypeOption[] | undefined;
  typesLoading?: boolean;
  onSubmit: (payload: ApplyPayload, attachment: File | null, personId?: number) => Promise<unknown>;
  submitting: boolean;
  /** The person select of an assignment (rendered as the first field, named person_id). */
  personField?: ReactNode;
  submitLabel?: string;
  /** Warn when enough others of the applicant's department are off then (the personal form). */
  warnDepartmentOff?: boolean;
}) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  // The attachment is not a form field (antd ties a field's message to it only by name), so
  // its message is tied to its button here.
  const attachmentHelp = useId();
  const typeId = Form.useWatch('leave_type_id', form);
  const from = Form.useWatch('from_date', form);
  const to = Form.useWatch('to_date', form);
  const type = types?.find((x) => x.id === typeId);
  const hourly = type?.unit === 'hour';
  const single = isSingleDay(from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD'));
  const off = useDepartmentOff(from?.format('YYYY-MM-DD'), to?.format('YYYY-MM-DD'), warnDepartmentOff);

  const onFinish = async (v: Values) => {
    setRefusal([]);
    if (type?.attachment_required && !file) {
      setFileError(t('errors:leave.attachment_required'));
      return;
    }
    const payload = buildApplyPayload({
      leaveTypeId: v.leave_type_id,
      unit: hourly ? 'hour' : 'day',
      from: v.from_date.format('YYYY-MM-DD'),
      to: v.to_date ? v.to_date.format('YYYY-MM-DD') : undefined,
      session: v.session,
      fromTime: hourly ? v.from_time : undefined,
      toTime: hourly ? v.to_time : undefined,
      reason: v.reason,
    });
    try {
      await onSubmit(payload, file, v.person_id);
      form.resetFields();
      setFile(null);
    } catch (e) {
      applyServerErrors(form, e, t, { ...FIELD_MAP, from_date: 'from_date', to_date: hourly ? 'from_date' : 'to_date' });
      setRefusal(leaveErrorMessages(t, e));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ session: 'full' }} data-testid="leave-apply-form">
      {refusal.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refusal.join(' ')} data-testid="leave-apply-error" />
      )}
      {personField}
      <Form.Item name="leave_type_id" label={t('fields.type')} rules={[{ required: true, message: t('errors:validation.required') }]}>
        <Select
          loading={typesLoading}
          data-testid="leave-apply-type"
          options={(types ?? []).map((x) => ({ value: x.id, label: x.type }))}
          notFoundContent={t('apply.no_types')}
        />
      </Form.Item>
      {type && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={[
            t(hourly ? 'apply.range_hint' : 'apply.daily_hint'),
            type.attachment_required ? t('apply.attachment_needed') : '',
            type.day_count ? t('apply.default_amount', { amount: amountWithUnit(t, type.day_count, type.unit) }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
      )}
      {off.data?.warn && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="leave-apply-department-warning"
          title={t('apply.department_off', { count: off.data.others, department: off.data.department, names: off.data.names.join(', ') })}
        />
      )}
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Form.Item name="from_date" label={hourly ? t('fields.date') : t('fields.from_date')} rules={[{ required: true, message: t('errors:validation.required') }]}>
          <DatePicker data-testid="leave-apply-from" />
        </Form.Item>
        {!hourly && (
          <Form.Item
            name="to_date"
            label={t('fields.to_date')}
            dependencies={['from_date']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs | null) =>
                  !value || !getFieldValue('from_date') || !value.isBefore(getFieldValue('from_date'), 'day')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('errors:validation.after'))),
              }),
            ]}
          >
            <DatePicker data-testid="leave-apply-to" />
          </Form.Item>
        )}
      </div>
      {!hourly && single && (
        <Form.Item name="session" label={t('fields.session')}>
          <Radio.Group data-testid="leave-apply-session">
            <Radio.Button value="full">{t('session.full')}</Radio.Button>
            <Radio.Button value="am">{t('session.am')}</Radio.Button>
            <Radio.Button value="pm">{t('session.pm')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}
      {hourly && (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="from_time"
            label={t('fields.from_time')}
            rules={[
              { required: true, message: t('errors:validation.required') },
              { pattern: TIME, message: t('errors:validation.time') },
            ]}
          >
            <Input type="time" style={{ width: 140 }} data-testid="leave-apply-from-time" />
          </Form.Item>
          <Form.Item
            name="to_time"
            label={t('fields.to_time')}
            dependencies={['from_time']}
            rules={[
              { required: true, message: t('errors:validation.required') },
              { pattern: TIME, message: t('errors:validation.time') },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  !value || !TIME.test(value) || !TIME.test(getFieldValue('from_time') ?? '') || rangeMinutes(getFieldValue('from_time'), value) > 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('apply.to_time_after'))),
              }),
            ]}
          >
            <Input type="time" style={{ width: 140 }} data-testid="leave-apply-to-time" />
          </Form.Item>
        </div>
      )}
      <Form.Item name="reason" label={t('fields.reason')} rules={[{ max: MAX_REASON, message: t('errors:validation.max', { max: MAX_REASON }) }]}>
        <Input.TextArea rows={3} maxLength={MAX_REASON} showCount data-testid="leave-apply-reason" />
      </Form.Item>
      <Form.Item
        label={t('fields.attachment')}
        validateStatus={fileError ? 'error' : undefined}
        help={<span id={attachmentHelp}>{fileError ?? t('apply.attachment_help')}</span>}
        required={!!type?.attachment_required}
      >
        <Upload
          accept={ATTACHMENT_ACCEPT}
          maxCount={1}
          fileList={file ? [{ uid: 'attachment', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            const problem = attachmentProblem(f);
            if (problem) {
              setFileError(t(problem === 'type' ? 'errors:leave.attachment_type' : 'apply.attachment_too_large'));
            } else {
              setFile(f);
              setFileError(null);
            }
            return false;
          }}
          onRemove={() => {
            setFile(null);
            return true;
          }}
        >
          <Button icon={<UploadOutlined />} aria-describedby={attachmentHelp} aria-invalid={fileError ? true : undefined} data-testid="leave-apply-attachment">
            {t('apply.choose_file')}
          </Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="leave-apply-submit">
        {submitLabel ?? t('apply.submit')}
      </Button>
    </Form>
  );
}
