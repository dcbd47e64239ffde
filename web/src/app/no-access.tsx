import { Button } from 'antd';
import { StatusPage } from '../components/status-page';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTitleOverride } from './shell/document-title';

/** Shown in place of a screen the signed-in user may not open (an admin URL opened by a member). */
export function NoAccessPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  useTitleOverride(t('no_access.title'));
  return (
    <StatusPage
      status="forbidden"
      title={<span data-testid="no-access-title">{t('no_access.title')}</span>}
      message={t('no_access.message')}
      data-testid="no-access"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="no-access-back">
          {t('not_found.back')}
        </Button>
      }
    />
  );
}
