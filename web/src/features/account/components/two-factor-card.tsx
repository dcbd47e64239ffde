import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type TwoFactorEnrolment,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { RecoveryCodes } from './recovery-codes';

/** A 6-digit code input, as authenticator apps show it; keyboards offer digits. */
function CodeInput(props: { 'data-testid'?: string }) {
  return <Input inputMode="numeric" autoComplete="one-time-code" maxLength={20} {...props} />;
}

function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);

  if (!enrolment) {
    return (
      <Button
        type="primary"
        loading={start.isPending}
        data-testid="two-factor-start"
        onClick={() =>
          start.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => message.error(translateApiError(t, e)) })
        }
      >
        {t('two_factor.start')}
      </Button>
    );
  }
  // mutateAsync, not mutate's callbacks: the confirmation refreshes the status, which replaces
  // this form by the "on" view before mutate's onSuccess would run (callbacks of an unmounted
  // observer never fire), and the recovery codes, shown once, were then never shown.
  const onFinish = ({ code }: { code: string }) =>
    confirm.mutateAsync(code.trim()).then(onCodes, (e: unknown) => {
      if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('two_factor.scan')}</Typography.Paragraph>
      <img src={enrolment.qr_code} width={200} height={200} alt={t('two_factor.qr_alt')} data-testid="two-factor-qr" />
      <Typography.Paragraph>
        {t('two_factor.manual')}{' '}
        <Typography.Text code copyable data-testid="two-factor-secret">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="code" label={t('two_factor.code')} rules={[rules.required()]}>
          <CodeInput data-testid="two-factor-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
          {t('two_factor.confirm')}
        </Button>
      </Form>
    </Space>
  );
}

function Manage({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['account', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [regenForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ password: string; code: string }>();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="success" showIcon title={t('two_factor.on')} description={t('two_factor.codes_left', { count: left })} data-testid="two-factor-on" />
      <Typography.Title level={5}>{t('two_factor.regenerate')}</Typography.Title>
      <Form
        form={regenForm}
        layout="vertical"
        onFinish={({ code }) =>
          regenerate.mutate(code.trim(), {
            onSuccess: (codes) => {
              regenForm.resetFields();
              onCodes(codes);
            },
            onError: (e) => {
              if (!applyServerErrors(regenForm, e, t)) message.error(translateApiError(t, e));
            },
          })
        }
      >
        <Form.Item name="code" label={t('two_factor.code_or_recovery')} rules={[rules.required()]}>
          <CodeInput data-testid="two-factor-regenerate-code" />
        </Form.Item>
        <Button htmlType="submit" loading={regenerate.isPending} data-testid="two-factor-regenerate">
          {t('two_factor.regenerate')}
        </Button>
      </Form>
      <Typography.Title level={5}>{t('two_factor.disable')}</Typography.Title>
      <Form
        form={disableForm}
        layout="vertical"
        onFinish={(values) =>
          disable.mutate(
            { password: values.password, code: values.code.trim() },
            {
              onSuccess: () => {
                disableForm.resetFields();
                message.success(t('two_factor.disabled'));
              },
              onError: (e) => {
                if (!applyServerErrors(disableForm, e, t)) message.error(translateApiError(t, e));
              },
            },
          )
        }
      >
        <Form.Item name="password" label={t('fields.current_password')} rules={[rules.passwordRequired()]}>
          <Input.Password autoComplete="current-password" data-testid="two-factor-disable-password" />
        </Form.Item>
        <Form.Item name="code" label={t('two_factor.code_or_recovery')} rules={[rules.required()]}>
          <CodeInput data-testid="two-factor-disable-code" />
        </Form.Item>
        <Button danger htmlType="submit" loading={disable.isPending} data-testid="two-factor-disable">
          {t('two_factor.disable')}
        </Button>
      </Form>
    </Space>
  );
}

/** The "Two-factor sign-in" section of the account page: enrol, recovery codes, disable. */
export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data;
  return (
    <Card title={t('two_factor.title')} loading={status.isLoading} data-testid="two-factor-card">
      <Typography.Paragraph type="secondary">{t('two_factor.intro')}</Typography.Paragraph>
      {s?.required && !s.enabled && (
        <Alert type="warning" showIcon title={t('two_factor.required')} style={{ marginBottom: 16 }} data-testid="two-factor-required" />
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : s?.enabled ? (
        <Manage left={s.recovery_codes_left} onCodes={setCodes} />
      ) : (
        s && <Enrol onCodes={setCodes} />
      )}
    </Card>
  );
}
