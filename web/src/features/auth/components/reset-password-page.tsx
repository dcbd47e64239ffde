import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../api/password-reset';
import { PASSWORD_MIN, useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { clearSession } from '../../../lib/session';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();

  const onFinish = (values: ResetValues) =>
    reset.mutate({ token, ...values }, {
      onSuccess: () => {
        clearSession();
        navigate('/login', { replace: true, state: { notice: 'auth:reset.done' } });
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });

  return (
    <>
      <Typography.Title level={3}>{t('reset.title')}</Typography.Title>
      {!token ? (
        <Alert type="error" showIcon title={t('errors:auth.reset_token_invalid')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="password" label={t('fields.new_password')} rules={[rules.passwordRequired(), rules.min(PASSWORD_MIN)]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password_confirmation"
            label={t('fields.repeat_password')}
            dependencies={['password']}
            rules={[rules.required(), rules.sameAs('password')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('forgot.back')}</Link>
      </Typography.Paragraph>
    </>
  );
}
