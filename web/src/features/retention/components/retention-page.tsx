// Retention (issue 18): how long the organisation keeps punches, terminal uploads and
// commands, and notifications before the nightly retention job purges them. 0 keeps a kind of
// record for ever; the defaults keep punches 7 years (the statutory attendance record).
import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { RETENTION_FIELDS, useRetentionPolicy, useSetRetentionPolicy, type RetentionPolicy } from '../api/retention';

const NAMESPACES = ['retention', 'common', 'errors'];

export default function RetentionPage() {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const [form] = Form.useForm<RetentionPolicy>();
  const policy = useRetentionPolicy();
  const save = useSetRetentionPolicy();
  const data = policy.data;

  useEffect(() => {
    if (data) form.setFieldsValue(Object.fromEntries(RETENTION_FIELDS.map((f) => [f, data[f]])) as RetentionPolicy);
  }, [data, form]);

  const onFinish = (v: RetentionPolicy) =>
    save.mutate(
      Object.fromEntries(RETENTION_FIELDS.map((f) => [f, v[f]])) as RetentionPolicy,
      {
        onSuccess: () => message.success(t('retention:saved')),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const max = data?.max_days ?? 36500;
  return (
    <>
      <PageHeader title={t('retention:title')} />
      {policy.isError ? (
        <QueryError error={policy.error} onRetry={() => policy.refetch()} />
      ) : (
        <Card loading={policy.isLoading} data-testid="retention-card">
          <Typography.Paragraph>{t('retention:intro')}</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 560 }}>
            {RETENTION_FIELDS.map((f) => (
              <Form.Item
                key={f}
                name={f}
                label={t(`retention:field.${f}`)}
                extra={t('retention:default_days', { value: data?.defaults[f] ?? '' })}
                rules={[{ required: true, type: 'integer', min: 0, max, message: t('retention:range', { max }) }]}
              >
                <InputNumber
                  min={0}
                  max={max}
                  precision={0}
                  suffix={t('retention:days')}
                  style={{ width: '100%' }}
                  data-testid={`retention-${f}`}
                />
              </Form.Item>
            ))}
            <Alert type="info" showIcon title={t('retention:instance')} style={{ marginBottom: 16 }} />
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="retention-save">
                {t('retention:save')}
              </Button>
              <Button
                onClick={() => data && form.setFieldsValue(data.defaults)}
                disabled={!data}
                data-testid="retention-defaults"
              >
                {t('retention:use_defaults')}
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </>
  );
}
