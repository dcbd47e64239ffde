// After a sign-in, tells the user of failed attempts on their account since their previous one.
import { App } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../lib/api-schemas';

export function useFailedAttemptsNotice() {
  const { t } = useTranslation('auth');
  const { notification } = App.useApp();
  return (session: Session) => {
    const fa = session.failed_attempts;
    if (!fa || fa.count <= 0) return;
    notification.warning({
      key: 'failed-attempts',
      title: t('failed_attempts.title'),
      description: t('failed_attempts.body', {
        n: fa.count,
        time: fa.last_at ? dayjs(fa.last_at).format('YYYY-MM-DD HH:mm') : '',
        ip: fa.last_ip,
      }),
      duration: 0,
      props: { 'data-testid': 'failed-attempts-notice' } as Record<string, string>,
    });
  };
}
