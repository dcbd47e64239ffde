// A full-screen message with an icon, a title, an explanation and actions: the error, "no
// access" and "not found" pages. antd's Result would do, but it carries its 403/404/500
// illustrations (about 40 kB) into every page that might show it, and the error page is in
// the first download.
import type { ReactNode } from 'react';
import { theme } from 'antd';
import { CloseCircleFilled, QuestionCircleFilled, StopFilled } from '@ant-design/icons';

const ICONS = {
  error: CloseCircleFilled,
  forbidden: StopFilled,
  'not-found': QuestionCircleFilled,
};

interface StatusPageProps {
  status: keyof typeof ICONS;
  title: ReactNode;
  message?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}

export function StatusPage({ status, title, message, extra, ...rest }: StatusPageProps) {
  const { token } = theme.useToken();
  const Icon = ICONS[status];
  const colour = status === 'error' ? token.colorError : status === 'forbidden' ? token.colorWarning : token.colorTextTertiary;
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '48px 16px', textAlign: 'center' }}
      role="alert"
      data-testid={rest['data-testid']}
    >
      <Icon style={{ fontSize: 64, color: colour }} aria-hidden />
      {/* Plain elements in Typography's sizes and colours: Typography brings Input, Tooltip
          and Trigger into the first download, which every page pays for (issue 11). */}
      <h3
        style={{
          margin: 0,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: token.fontWeightStrong,
        }}
      >
        {title}
      </h3>
      {message && <p style={{ maxWidth: 560, margin: 0, color: token.colorTextSecondary }}>{message}</p>}
      {extra && <div style={{ marginTop: 12 }}>{extra}</div>}
    </div>
  );
}
