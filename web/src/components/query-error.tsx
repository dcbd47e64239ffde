import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../lib/form-errors';

/** An error box for a failed load, with a retry button. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={translateApiError(t, error)}
      action={onRetry ? <Button size="small" onClick={onRetry}>{t('common:actions.retry')}</Button> : undefined}
    />
  );
}
