import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isInvalidCode, normaliseCode, useVerificationCheck } from '../api/verification';
import { translateApiError } from '../../../lib/form-errors';

/** Step one: enter (or follow a link with) the verification code and see whose it is. */
export default function VerificationPage() {
  const { t } = useTranslation(['verification', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = normaliseCode(params.get('code'));
  const [typed, setTyped] = useState(code);
  const check = useVerificationCheck(code);

  if (check.isError && isInvalidCode(check.error)) return <Navigate to="/verification/employee/unqualified" replace />;

  const qs = `?code=${encodeURIComponent(code)}`;
  return (
    <>
      <Typography.Title level={3}>{t('title')}</Typography.Title>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => setParams({ code: normaliseCode(typed) })} requiredMark={false}>
        <Form.Item label={t('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="ABCD-EFGH"
              maxLength={12}
              data-testid="verification-code"
            />
            <Button type="primary" htmlType="submit" loading={check.isFetching} disabled={!normaliseCode(typed)} data-testid="verification-check">
              {t('check')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {check.isError && <Alert type="error" showIcon title={translateApiError(t, check.error)} />}
      {check.data && (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }} data-testid="verification-details">
            <Descriptions.Item label={t('organisation')}>{check.data.org.name}</Descriptions.Item>
            <Descriptions.Item label={t('person')}>
              {[check.data.first_name, check.data.last_name].filter(Boolean).join(' ')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph>{t('choose')}</Typography.Paragraph>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button type="primary" block onClick={() => navigate(`/verification/employee/register${qs}`)} data-testid="verification-register">
              {t('register')}
            </Button>
            <Button block onClick={() => navigate(`/verification/employee/login${qs}`)} data-testid="verification-login">
              {t('login')}
            </Button>
          </Space>
        </>
      )}
    </>
  );
}
