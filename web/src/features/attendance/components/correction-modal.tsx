// One modal for every manual correction: add, move or remove a time, or set a status. Each
// needs a reason (remark, at most 2000 characters) that the audit log keeps.
import { useEffect } from 'react';
import { App, Form, Input, Modal, Select, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { AttendanceFace } from '../api/faces';
import { useStatusChange, useTimeChange } from '../api/clock';
import { COUNTED_STATUSES } from '../../../lib/attendance-status';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';

export type Correction =
  | { mode: 'add' }
  | { mode: 'move'; punchId: number; time: string }
  | { mode: 'remove'; punchId: number; time: string }
  | { mode: 'status'; status: number };

interface Values {
  time?: Dayjs;
  status?: number;
  remark: string;
}

export const REMARK_MAX = 2000;

export function CorrectionModal({
  face,
  personId,
  date,
  correction,
  onClose,
}: {
  face: AttendanceFace;
  personId: number;
  date: string;
  correction: Correction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['attendance', 'common', 'errors']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const timeChange = useTimeChange(face);
  const statusChange = useStatusChange(face);
  const mode = correction?.mode;

  useEffect(() => {
    if (!correction) return;
    form.resetFields();
    if (correction.mode === 'move') form.setFieldsValue({ time: dayjs(correction.time.slice(0, 5), 'HH:mm') });
    if (correction.mode === 'status') form.setFieldsValue({ status: correction.status || 1 });
  }, [correction, form]);

  const done = () => {
    message.success(t('common:messages.saved'));
    onClose();
  };
  const failed = (e: unknown) => {
    if (!applyServerErrors(form, e, t, { reason: 'remark' })) message.error(translateApiError(t, e));
  };

  const onFinish = (v: Values) => {
    if (!correction) return;
    const remark = v.remark.trim();
    if (correction.mode === 'status') {
      statusChange.mutate({ personId, date, status: v.status ?? 0, remark }, { onSuccess: done, onError: failed });
      return;
    }
    const time = v.time ? v.time.format('HH:mm') : '';
    const change =
      correction.mode === 'add'
        ? ({ action: 'add', personId, date, time, remark } as const)
        : correction.mode === 'move'
          ? ({ action: 'move', punchId: correction.punchId, time, remark } as const)
          : ({ action: 'remove', punchId: correction.punchId, remark } as const);
    timeChange.mutate(change, { onSuccess: done, onError: failed });
  };

  return (
    <Modal
      open={!!correction}
      title={mode ? t(`correction.title_${mode}`) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={timeChange.isPending || statusChange.isPending}
      okButtonProps={{ 'data-testid': 'correction-submit', danger: mode === 'remove' } as { danger: boolean }}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        {correction?.mode === 'remove' && <p>{t('correction.remove_confirm', { time: correction.time })}</p>}
        {(mode === 'add' || mode === 'move') && (
          <Form.Item name="time" label={t('correction.time')} rules={[rules.requiredSelect()]}>
            <TimePicker format="HH:mm" needConfirm={false} style={{ width: '100%' }} data-testid="correction-time" />
          </Form.Item>
        )}
        {mode === 'status' && (
          <Form.Item name="status" label={t('correction.status')} rules={[rules.requiredSelect()]}>
            <Select
              data-testid="correction-status"
              options={[
                // A status set by hand is one of 1-6: not tracked and no schedule follow from
                // the person's dates and groups, and the server refuses them.
                ...COUNTED_STATUSES.map((s) => ({ value: s.code, label: t(`common:${s.label}`) })),
                { value: 0, label: t('correction.clear_status') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('correction.remark')} rules={[rules.required(), rules.max(REMARK_MAX)]}>
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount data-testid="correction-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
