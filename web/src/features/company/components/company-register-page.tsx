import { useEffect } from 'react';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyProfile } from '../api/company-profile';
import { useRegisterCompanyDetails } from '../api/register-company-details';
import { refLabel, useCompanyTypeRef } from '../../../lib/reference-api';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';

interface RegisterValues {
  full_name: string;
  company_type_id: number;
  registration_number: string;
}

export default function CompanyRegisterPage() {
  const { t } = useTranslation(['company', 'common', 'ref']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.company');
  const profile = useCompanyProfile();
  const ref = useCompanyTypeRef();
  const save = useRegisterCompanyDetails();
  const [form] = Form.useForm<RegisterValues>();

  useEffect(() => {
    const c = profile.data;
    if (c) {
      form.setFieldsValue({
        full_name: c.full_name ?? undefined,
        company_type_id: c.company_type_id ?? undefined,
        registration_number: c.registration_number ?? undefined,
      });
    }
  }, [profile.data, form]);

  const onFinish = (values: RegisterValues) =>
    save.mutate(values, {
      onSuccess: () => message.success(t('common:messages.saved')),
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });

  return (
    <>
      <PageHeader title={t('register.title')} />
      <Card style={{ maxWidth: 640 }}>
        <Form form={form} layout="vertical" onFinish={onFinish} disabled={!canEdit}>
          <Form.Item name="full_name" label={t('fields.full_name')} rules={[rules.required()]}>
            <Input />
          </Form.Item>
          <Form.Item name="company_type_id" label={t('fields.company_type')} rules={[rules.requiredSelect()]}>
            <Select
              loading={ref.isPending}
              options={(ref.data?.companyType ?? []).map((c) => ({ value: c.id, label: refLabel(t, 'company_type', c) }))}
            />
          </Form.Item>
          <Form.Item name="registration_number" label={t('fields.registration_number')} rules={[rules.required()]}>
            <Input />
          </Form.Item>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="company-register-submit">
              {t('common:actions.save')}
            </Button>
          )}
        </Form>
      </Card>
    </>
  );
}
