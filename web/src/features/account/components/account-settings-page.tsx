import { App, Button, Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { PASSWORD_MIN, useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/use-session';
import { TwoFactorCard } from './two-factor-card';
import { SecurityPolicyCard } from './security-policy-card';

interface EmailValues {
  email: string;
  password: string;
}

interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

function ChangeEmailCard() {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<EmailValues>();
  const change = useChangeEmail();
  const onFinish = (values: EmailValues) =>
    change.mutate(values, {
      onSuccess: () => {
        message.success(t('account.email_changed'));
        form.resetFields();
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });
  return (
    <Card title={t('account.change_email')} data-testid="change-email-card">
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item label={t('account.current_email')} htmlFor="current-email">
          <Input id="current-email" value={session?.email} disabled />
        </Form.Item>
        <Form.Item name="email" label={t('fields.new_email')} rules={[rules.emailRequired(), rules.email()]}>
          <Input autoComplete="email" data-testid="change-email-email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.current_password')} rules={[rules.passwordRequired()]}>
          <Input.Password autoComplete="current-password" data-testid="change-email-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-email-submit">
          {t('account.change_email')}
        </Button>
      </Form>
    </Card>
  );
}

function ChangePasswordCard() {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const onFinish = (values: PasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        message.success(t('account.password_changed'));
        form.resetFields();
      },
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });
  return (
    <Card title={t('account.change_password')} data-testid="change-password-card">
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="current_password" label={t('fields.current_password')} rules={[rules.passwordRequired()]}>
          <Input.Password autoComplete="current-password" data-testid="change-password-current" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.new_password')} rules={[rules.passwordRequired(), rules.min(PASSWORD_MIN)]}>
          <Input.Password autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('fields.repeat_password')}
          dependencies={['password']}
          rules={[rules.required(), rules.sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-repeat" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('account.change_password')}
        </Button>
      </Form>
    </Card>
  );
}

export default function AccountSettingsPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('account.title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ChangeEmailCard />
        </Col>
        <Col xs={24} lg={12}>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <TwoFactorCard />
        </Col>
        <Col xs={24} lg={12}>
          <SecurityPolicyCard />
        </Col>
      </Row>
    </>
  );
}
