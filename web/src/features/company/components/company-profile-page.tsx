import { Button, Card, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api/company-profile';
import { useCompanyTypeRef } from '../../../lib/reference-api';
import { useFormRules } from '../../../lib/form-rules';
import { useRecordForm } from '../../../lib/use-record-form';
import { timeZoneOptions } from '../../../lib/timezones';
import { clearableDateItemProps } from '../../../lib/date-item-props';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import type { CompanyProfileUpdateRequest } from '../../../lib/api-schemas';

export default function CompanyProfilePage() {
  const { t } = useTranslation(['company', 'common']);
  const rules = useFormRules();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.company');
  const profile = useCompanyProfile();
  const ref = useCompanyTypeRef();
  const update = useUpdateCompanyProfile();
  const { form, onFinish } = useRecordForm<CompanyProfileUpdateRequest>(profile.data, update, t);

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => profile.refetch()} />;

  return (
    <>
      <PageHeader title={t('profile.title')} />
      <Card>
        <Form form={form} layout="vertical" onFinish={onFinish} disabled={!canEdit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('fields.name')} rules={[rules.nameRequired()]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="email" label={t('fields.email')} rules={[rules.emailRequired(), rules.email()]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label={t('fields.phone')} rules={[rules.required()]}>
                <Input data-testid="company-phone" inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="timezone" label={t('fields.timezone')} rules={[rules.requiredSelect()]}>
                <Select showSearch options={timeZoneOptions()} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="tracking_start" label={t('fields.tracking_start')} extra={t('fields.tracking_start_help')} {...clearableDateItemProps}>
                <DatePicker style={{ width: '100%' }} data-testid="company-tracking-start" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('fields.description')}>
                <Input.TextArea rows={3} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="address1" label={t('fields.address1')} rules={[rules.required()]}>
                <Input data-testid="company-address1" />
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
            <Col xs={24} md={12}>
              <Form.Item name="locality" label={t('fields.locality')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="city" label={t('fields.city')} rules={[rules.required()]}>
                <Input data-testid="company-city" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="postal_code" label={t('fields.postal_code')} rules={[rules.required()]}>
                <Input data-testid="company-postal_code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="state_id" label={t('fields.state')} rules={[rules.requiredSelect()]}>
                <Select
                  data-testid="company-state"
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={ref.isPending}
                  options={(ref.data?.states ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="company-profile-submit">
              {t('common:actions.save')}
            </Button>
          )}
        </Form>
      </Card>
    </>
  );
}
