import { Button, Form, Input, Select, Typography, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegisterCompany } from '../api/register-company';
import { useFormRules, PASSWORD_MIN } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { browserTimeZone, timeZoneOptions } from '../../../lib/timezones';
import type { CompanyRegisterRequest } from '../../../lib/api-schemas';
import { TermsField } from './terms-field';
import { languageInfo } from '../../../lib/languages';

export default function RegisterCompanyPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompanyRegisterRequest>();
  const navigate = useNavigate();
  const register = useRegisterCompany();

  const onFinish = (values: CompanyRegisterRequest) =>
    // The starter leave types, away types and default group are named in the language the
    // form is shown in.
    register.mutate({ ...values, terms: !!values.terms, language: languageInfo(i18n.language).code }, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });

  return (
    <>
      <Typography.Title level={3}>{t('register.title')}</Typography.Title>
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ timezone: browserTimeZone(), terms: false }}>
        <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired()]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.work_email')} rules={[rules.workEmailRequired(), rules.email()]}>
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item name="company_size" label={t('fields.company_size')} rules={[rules.required(), rules.digits()]}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="employer" label={t('fields.employer')} rules={[rules.required()]}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[rules.passwordRequired(), rules.min(PASSWORD_MIN)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="timezone" label={t('fields.timezone')} rules={[rules.requiredSelect()]}>
          <Select showSearch options={timeZoneOptions()} />
        </Form.Item>
        <TermsField />
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.have_account')}</Link>
      </Typography.Paragraph>
    </>
  );
}
