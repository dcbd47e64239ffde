import { Button } from 'antd';
import { StatusPage } from '../components/status-page';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTitleOverride } from './shell/document-title';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useTitleOverride(t('not_found.title'));
  return (
    <StatusPage
      status="not-found"
      title="404"
      message={t('not_found.message')}
      extra={<Button type="primary" onClick={() => navigate('/dashboard')}>{t('not_found.back')}</Button>}
    />
  );
}
