import { useState } from 'react';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequestPasswordReset } from '../api/password-reset';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);

  const onFinish = (values: { email: string }) =>
    request.mutate(values, {
      onSuccess: () => setSent(true),
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });

  return (
    <>
      <Typography.Title level={3}>{t('forgot.title')}</Typography.Title>
      {sent ? (
        <Alert type="success" showIcon title={t('forgot.sent')} data-testid="forgot-sent" />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Typography.Paragraph type="secondary">{t('forgot.hint')}</Typography.Paragraph>
          <Form.Item name="email" label={t('fields.email')} rules={[rules.emailRequired(), rules.email()]}>
            <Input autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={request.isPending} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </>
  );
}
