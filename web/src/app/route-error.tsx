// The error page of the route table (errorElement): a screen that fails to render or whose
// lazy chunk fails to load (typically after a new release replaced the files) shows a
// translated explanation with "reload" and "go to the dashboard", instead of React Router's
// default English page.
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Whether the error is a failed dynamic import of a page chunk. */
export function isChunkError(error: unknown, depth = 0): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/dynamically imported module|module script|Loading chunk|ChunkLoadError|Importing a module script failed/i.test(text)) return true;
  return depth < 3 && error instanceof Error && error.cause !== undefined && isChunkError(error.cause, depth + 1);
}

export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <Result
      status="error"
      title={t('route_error.title')}
      subTitle={isChunkError(error) ? t('route_error.chunk') : t('route_error.message')}
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
