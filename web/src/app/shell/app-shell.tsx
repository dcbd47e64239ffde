import { Suspense, useState } from 'react';
import { Layout, Space, Typography, theme } from 'antd';
import { Outlet } from 'react-router';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLoader } from '../../components/page-loader';
import { ScrollToTop } from '../../components/scroll-to-top';
import { useDocumentTitle } from './document-title';
import { readCookie, writeCookie } from '../../lib/cookies';
import { useSession } from '../../lib/use-session';

export const SIDEBAR_COOKIE = 'sidebar_collapsed';

/** The signed-in layout: sidebar, header with language and user menus, and the screen. */
export function AppShell() {
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === '1');
  const session = useSession();
  const { token } = theme.useToken();
  useDocumentTitle(session);

  const onCollapse = (value: boolean) => {
    setCollapsed(value);
    writeCookie(SIDEBAR_COOKIE, value ? '1' : '0');
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sidebar collapsed={collapsed} onCollapse={onCollapse} />
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Typography.Text strong data-testid="org-name">{session?.org?.name}</Typography.Text>
          <Space size="small">
            <LanguageSwitcher />
            <UserMenu />
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <ScrollToTop />
      </Layout>
    </Layout>
  );
}
