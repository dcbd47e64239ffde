import { useEffect } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSavePosition } from '../api/positions';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import type { Position, PositionInput } from '../../../lib/api-schemas';

interface Props {
  open: boolean;
  position: Position | null;
  onClose: () => void;
}

/** Create (position null) or edit a position. */
export function PositionFormModal({ open, position, onClose }: Props) {
  const { t } = useTranslation(['company', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<PositionInput>();
  const save = useSavePosition();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (position) {
      form.setFieldsValue({ name: position.name, code: position.code ?? '', description: position.description ?? '' });
    }
  }, [open, position, form]);

  const onFinish = (values: PositionInput) =>
    save.mutate(
      { ...values, id: position?.id },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t, { position: 'name' })) {
            const text = translateApiError(t, e);
            if ((e as { status?: number }).status === 409) form.setFields([{ name: 'name', errors: [text] }]);
            else message.error(text);
          }
        },
      },
    );

  return (
    <Modal
      open={open}
      title={position ? t('positions.edit') : t('positions.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'position-submit' } as Record<string, string>}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.position_name')} rules={[rules.nameRequired()]}>
          <Input data-testid="position-name" />
        </Form.Item>
        <Form.Item name="code" label={t('fields.position_code')}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[rules.max(200)]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
