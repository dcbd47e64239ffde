import { useEffect } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { Group, GroupFace } from '../api/faces';
import { useSaveGroup, type GroupFields } from '../api/groups';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { TimeField, timeValueProps } from '../../../components/time-field';

export const GROUP_MODES = ['session_am', 'session_pm', 'full_day', 'shift'] as const;

type Values = Omit<GroupFields, 'effective_from'> & { effective_from?: Dayjs };

export function GroupFormModal({ face, open, group, onClose }: { face: GroupFace; open: boolean; group: Group | null; onClose: () => void }) {
  const { t } = useTranslation(['groups', 'common', 'errors']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveGroup(face);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (group)
      form.setFieldsValue({
        name: group.name,
        description: group.description,
        mode: group.mode,
        time_in: group.time_in,
        cut_off_time_in: group.cut_off_time_in,
        time_out: group.time_out,
        cut_off_time_out: group.cut_off_time_out,
        late_after_cut_off: group.late_after_cut_off,
        overtime_threshold_minutes: group.overtime_threshold_minutes,
        overtime_needs_approval: group.overtime_needs_approval,
      });
    else form.setFieldsValue({ mode: '', late_after_cut_off: false, overtime_threshold_minutes: 0, overtime_needs_approval: false });
  }, [open, group, form]);

  const onFinish = (v: Values) =>
    save.mutate(
      { ...v, description: v.description ?? '', effective_from: v.effective_from?.format('YYYY-MM-DD'), id: group?.id },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) form.setFields([{ name: 'name', errors: [translateApiError(t, e)] }]);
          else if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const time = (name: keyof GroupFields, label: string, testId: string) => (
    <Col xs={12}>
      <Form.Item name={name} label={label} rules={[rules.requiredSelect()]} {...timeValueProps}>
        <TimeField data-testid={testId} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={open}
      title={group ? t('form.edit') : t('form.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'group-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[rules.max(200)]}>
          <Input.TextArea rows={2} maxLength={200} showCount data-testid="group-description" />
        </Form.Item>
        {face.hasMode && (
          <Form.Item name="mode" label={t('fields.mode')}>
            <Select
              data-testid="group-mode"
              options={[{ value: '', label: t('modes.none') }, ...GROUP_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))]}
            />
          </Form.Item>
        )}
        <Row gutter={12}>
          {time('time_in', t('fields.time_in'), 'group-time-in')}
          {time('cut_off_time_in', t('fields.cut_off_time_in'), 'group-cut-off-in')}
          {time('time_out', t('fields.time_out'), 'group-time-out')}
          {time('cut_off_time_out', t('fields.cut_off_time_out'), 'group-cut-off-out')}
        </Row>
        <Form.Item name="late_after_cut_off" label={t('fields.after_cut_off')} extra={t('form.after_cut_off_hint')}>
          <Select
            data-testid="group-after-cut-off"
            options={[
              { value: false, label: t('after_cut_off.absent') },
              { value: true, label: t('after_cut_off.late') },
            ]}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="overtime_threshold_minutes" label={t('fields.overtime_threshold')} extra={t('form.overtime_threshold_hint')}>
              <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} data-testid="group-overtime-threshold" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="overtime_needs_approval" label={t('fields.overtime_approval')}>
              <Select
                data-testid="group-overtime-approval"
                options={[
                  { value: false, label: t('overtime_approval.none') },
                  { value: true, label: t('overtime_approval.required') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {group && (
          <Form.Item name="effective_from" label={t('fields.effective_from')} extra={t('form.effective_hint')}>
            <DatePicker style={{ width: '100%' }} data-testid="group-effective-from" placeholder={dayjs().format('YYYY-MM-DD')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
