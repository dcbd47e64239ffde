import { theme } from 'antd';

/**
 * Centred spinner while a lazy screen or its data loads. Drawn with CSS (global.css,
 * .page-loader) rather than antd's Spin, because it is the first thing every page shows and
 * Spin would add a chunk to the sign-in page's download.
 */
export function PageLoader() {
  const { token } = theme.useToken();
  return (
    <div className="page-loader" role="status" aria-busy="true" style={{ color: token.colorPrimary }} data-testid="page-loader">
      <span className="page-loader-ring" />
    </div>
  );
}
