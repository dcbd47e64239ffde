import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSchoolProfile, useUpdateSchoolProfile } from '../api/school-profile';
import { useCompanyTypeRef } from '../../../lib/reference-api';
import { useFormRules } from '../../../lib/form-rules';
import { useRecordForm } from '../../../lib/use-record-form';
import { timeZoneOptions } from '../../../lib/timezones';
import { clearableDateItemProps } from '../../../lib/date-item-props';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import type { SchoolUpdateRequest } from '../../../lib/api-schemas';

export default function SchoolProfilePage() {
  const { t } = useTranslation(['school', 'common']);
  const rules = useFormRules();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.school');
  const profile = useSchoolProfile();
  const ref = useCompanyTypeRef();
  const update = useUpdateSchoolProfile();
  const { form, onFinish } = useRecordForm<SchoolUpdateRequest>(profile.data, update, t);

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <QueryError error={profile.error} onRetry={() => profile.refetch()} />;

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
              <Form.Item name="tracking_start" label={t('fields.tracking_start')} extra={t('fields.tracking_start_help')} {...clearableDateItemProps}>
                <DatePicker style={{ width: '100%' }} data-testid="school-tracking-start" />
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
