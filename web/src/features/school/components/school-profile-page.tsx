import { useEffect } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchoolProfile, useUpdateSchoolProfile } from '../api/school-profile';
import { useCompanyTypeRef } from '../../../lib/reference-api';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { timeZoneOptions } from '../../../lib/timezones';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import type { SchoolUpdateRequest } from '../../../lib/api-schemas';

export default function SchoolProfilePage() {
  const { t } = useTranslation(['school', 'common']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.school');
  const profile = useSchoolProfile();
  const ref = useCompanyTypeRef();
  const update = useUpdateSchoolProfile();
  const [form] = Form.useForm<SchoolUpdateRequest>();

  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data as unknown as SchoolUpdateRequest);
  }, [profile.data, form]);

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => profile.refetch()} />;

  const onFinish = (values: SchoolUpdateRequest) =>
    update.mutate(values, {
      onSuccess: () => message.success(t('common:messages.saved')),
      onError: (e) => {
        if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
      },
    });

  return (
    <>
      <PageHeader title={t('profile.title')} />
      {!canEdit && <Alert type="info" showIcon title={t('profile.read_only')} style={{ marginBottom: 16 }} />}
      <Card>
        <Form form={form} layout="vertical" onFinish={onFinish} disabled={!canEdit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired()]}>
                <Input data-testid="school-profile-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="code" label={t('fields.code')} rules={[rules.required()]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="email" label={t('fields.email')} rules={[rules.emailRequired(), rules.email()]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contact_number" label={t('fields.contact_number')} rules={[rules.required()]}>
                <Input inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="timezone" label={t('fields.timezone')} rules={[rules.requiredSelect()]}>
                <Select showSearch options={timeZoneOptions()} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address1" label={t('fields.address1')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address2" label={t('fields.address2')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address3" label={t('fields.address3')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="city" label={t('fields.city')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="postal_code" label={t('fields.postal_code')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="state_id" label={t('fields.state')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={ref.isPending}
                  options={(ref.data?.states ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="school-profile-submit">
              {t('common:actions.save')}
            </Button>
          )}
        </Form>
      </Card>
    </>
  );
}
