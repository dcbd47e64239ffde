// A member's own kiosk PIN (issue 11): set or changed here, typed at a kiosk with the PIN pad
// together with the person code. It is never shown again.
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/form-errors';
import { useHome, useSetMyPin } from '../api/clockin';
import { clockError, withClockErrors } from '../api/errors';

export function MyPinCard() {
  const { t: rawT } = useTranslation(['clockin', 'common', 'errors']);
  const t = withClockErrors(rawT);
  const { message } = App.useApp();
  const home = useHome();
  const save = useSetMyPin();
  const [form] = Form.useForm<{ pin: string }>();
  const has = home.data?.kiosk_pin;
  const onFinish = (v: { pin: string }) =>
    save.mutate(v.pin, {
      onSuccess: () => {
        form.resetFields();
        message.success(rawT('my_pin.saved'));
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(clockError(rawT, e));
      },
    });
  if (home.isError) return null; // an account without a person record has no PIN to set
  return (
    <Card title={rawT('my_pin.title')} data-testid="my-pin-card">
      <Typography.Paragraph type="secondary" data-testid="my-pin-state">
        {has ? rawT('my_pin.has') : rawT('my_pin.none')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="pin"
          label={has ? rawT('my_pin.new') : rawT('my_pin.pin')}
          extra={rawT('my_pin.rule')}
          rules={[{ required: true, pattern: /^\d{4,8}$/, message: rawT('errors.validation.pin_digits') }]}
        >
          <Input.Password inputMode="numeric" autoComplete="new-password" maxLength={8} style={{ maxWidth: 240 }} data-testid="my-pin-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ minHeight: 40 }} data-testid="my-pin-save">
          {has ? rawT('my_pin.change') : rawT('my_pin.set')}
        </Button>
      </Form>
    </Card>
  );
}
