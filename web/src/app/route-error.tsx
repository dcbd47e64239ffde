// The error page of the route table (errorElement): a screen that fails to render or whose
// lazy chunk fails to load (typically after a new release replaced the files) shows a
// translated explanation with "reload" and "go to the dashboard", instead of React Router's
// default English page.
import { Button, Space } from 'antd';
import { StatusPage } from '../components/status-page';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader';

/** Whether the error is a failed dynamic import of a page chunk. */
export function isChunkError(error: unknown, depth = 0): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/dynamically imported module|module script|Loading chunk|ChunkLoadError|Importing a module script failed/i.test(text)) return true;
  return depth < 3 && error instanceof Error && error.cause !== undefined && isChunkError(error.cause, depth + 1);
}

/** sessionStorage key: when the page last reloaded itself over a chunk that failed to load. */
export const CHUNK_RELOAD_KEY = 'hadir-chunk-reload';

/**
 * A chunk that fails to load is most often one a new release replaced: the page reloads
 * itself once to get the new files. If the chunk fails again within a minute, reloading is
 * no cure and the error page shows instead (no reload loop).
 */
export function shouldReloadForChunk(error: unknown, now = Date.now()): boolean {
  if (!isChunkError(error)) return false;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < 60_000) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const [reloading] = useState(() => shouldReloadForChunk(error));
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (error) console.error(error);
  if (reloading) return <PageLoader />;
  return (
    <StatusPage
      status="error"
      title={t('route_error.title')}
      message={isChunkError(error) ? t('route_error.chunk') : t('route_error.message')}
      data-testid="route-error"
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => window.location.reload()} data-testid="route-error-reload">
            {t('route_error.reload')}
          </Button>
          {/* A full page load, so that a broken chunk cache does not fail again. */}
          <Button onClick={() => window.location.assign('/dashboard')} data-testid="route-error-dashboard">
            {t('route_error.dashboard')}
          </Button>
        </Space>
      }
    />
  );
}
