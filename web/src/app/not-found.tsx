import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('not_found.message')}
      extra={<Button type="primary" onClick={() => navigate('/dashboard')}>{t('not_found.back')}</Button>}
    />
  );
}
