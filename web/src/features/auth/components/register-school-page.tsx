import { App, Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegisterSchool } from '../api/register-school';
import { useFormRules, PASSWORD_MIN } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { browserTimeZone, timeZoneOptions } from '../../../lib/timezones';
import type { SchoolRegisterRequest } from '../../../lib/api-schemas';
import { TermsField } from './terms-field';
import { languageInfo } from '../../../lib/languages';

export default function RegisterSchoolPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<SchoolRegisterRequest>();
  const navigate = useNavigate();
  const register = useRegisterSchool();

  const onFinish = (values: SchoolRegisterRequest) =>
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
      <Typography.Title level={3}>{t('register_school.title')}</Typography.Title>
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ timezone: browserTimeZone(), terms: false }}>
        <Form.Item name="name" label={t('fields.school_name')} rules={[rules.nameRequired()]}>
          <Input data-testid="school-name" />
        </Form.Item>
        <Form.Item name="code" label={t('fields.school_code')} rules={[rules.required()]}>
          <Input data-testid="school-code" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.school_email')} rules={[rules.emailRequired(), rules.email()]}>
          <Input data-testid="school-email" />
        </Form.Item>
        <Form.Item name="contact_number" label={t('fields.contact_number')} rules={[rules.required()]}>
          <Input inputMode="tel" data-testid="school-contact" />
        </Form.Item>
        <Form.Item name="timezone" label={t('fields.timezone')} rules={[rules.requiredSelect()]}>
          <Select showSearch options={timeZoneOptions()} />
        </Form.Item>
        <Form.Item name="admin_name" label={t('fields.admin_name')} rules={[rules.nameRequired()]}>
          <Input autoComplete="name" data-testid="admin-name" />
        </Form.Item>
        <Form.Item name="admin_email" label={t('fields.admin_email')} rules={[rules.emailRequired(), rules.email()]}>
          <Input autoComplete="email" data-testid="admin-email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[rules.passwordRequired(), rules.min(PASSWORD_MIN)]}>
          <Input.Password autoComplete="new-password" data-testid="admin-password" />
        </Form.Item>
        <TermsField />
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
          {t('register_school.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.have_account')}</Link>
      </Typography.Paragraph>
    </>
  );
}
