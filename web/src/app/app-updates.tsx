import { useEffect } from 'react';
import { App as AntdApp, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerServiceWorker } from '../lib/service-worker';

/** Registers the service worker and, when a new version is ready, says so with a reload button. */
export function AppUpdates() {
  const { t } = useTranslation('shell');
  const { notification } = AntdApp.useApp();
  useEffect(() => {
    registerServiceWorker((apply) => {
      notification.info({
        key: 'app-update',
        title: t('update.available'),
        duration: 0,
        placement: 'bottomRight',
        actions: (
          <Space>
            <Button onClick={() => notification.destroy('app-update')}>{t('update.later')}</Button>
            <Button type="primary" onClick={apply} data-testid="app-update-reload">
              {t('update.reload')}
            </Button>
          </Space>
        ),
        props: { 'data-testid': 'app-update' } as Record<string, string>,
      });
    });
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
