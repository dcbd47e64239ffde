import { Suspense, useEffect, useState } from 'react';
import { Button, Drawer, Layout, Typography, theme } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavMenu, Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { LanguageSwitcher } from '../../components/language-switcher';
import { ThemeSwitcher } from '../../components/theme-switcher';
import { PageLoader } from '../../components/page-loader';
import { ScrollToTop } from '../../components/scroll-to-top';
import { useDocumentTitle } from './document-title';
import { readCookie, writeCookie } from '../../lib/cookies';
import { useSession } from '../../lib/use-session';
import { useIsPhone } from '../../lib/use-media-query';
import { APP_NAME } from '../../lib/brand';

export const SIDEBAR_COOKIE = 'sidebar_collapsed';

/**
 * The signed-in layout: the menu, a header with the organisation's name, theme, language and
 * user menus, and the screen. From 768 px the menu is a sidebar that folds to icons; below,
 * it is a drawer opened from the header (it traps focus, closes on Escape or a choice, and
 * gives focus back to its button).
 */
export function AppShell() {
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === '1');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useTranslation('shell');
  const session = useSession();
  const phone = useIsPhone();
  const { token } = theme.useToken();
  useDocumentTitle(session);

  useDrawerFocusTrap(drawerOpen, () => setDrawerOpen(false));

  const onCollapse = (value: boolean) => {
    setCollapsed(value);
    writeCookie(SIDEBAR_COOKIE, value ? '1' : '0');
  };

  return (
    <Layout style={{ minHeight: '100vh' }} className="app-shell" data-layout={phone ? 'phone' : 'desktop'}>
      {/* The first tab stop: past the menu and header straight to the screen (WCAG 2.4.1). */}
      <a
        className="skip-link"
        href="#main-content"
        data-testid="skip-to-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('skip_to_content')}
      </a>
      {!phone && <Sidebar collapsed={collapsed} onCollapse={onCollapse} />}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          className="app-header"
          style={{
            background: token.colorBgContainer,
            padding: phone ? '0 8px' : '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: phone ? 4 : 8,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            position: phone ? 'sticky' : undefined,
            top: 0,
            zIndex: 10,
          }}
        >
          {phone && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              onClick={() => setDrawerOpen(true)}
              aria-label={t('menu.open')}
              aria-expanded={drawerOpen}
              aria-controls="nav-drawer"
              data-testid="menu-drawer-open"
            />
          )}
          <Typography.Text
            strong
            data-testid="org-name"
            title={session?.org?.name}
            style={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {session?.org?.name}
          </Typography.Text>
          {/* Its own boundary: the header does not wait for the notifications namespace. */}
          <Suspense fallback={null}>
            <NotificationBell compact={phone} />
          </Suspense>
          <ThemeSwitcher />
          <LanguageSwitcher compact={phone} />
          <UserMenu compact={phone} />
        </Layout.Header>
        <Layout.Content id="main-content" tabIndex={-1} style={{ margin: phone ? '12px 12px 24px' : 24, minWidth: 0, outline: 'none' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <ScrollToTop />
      </Layout>
      {phone && (
        <Drawer
          id="nav-drawer"
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={APP_NAME}
          size={280}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
          rootClassName="nav-drawer"
        >
          <nav aria-label={t('menu.title')}>
            <NavMenu onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      )}
    </Layout>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab and Shift+Tab inside the open phone drawer: from its last focusable element Tab
 * goes to its first and back. antd's own lock lets focus reach the page behind through the
 * menu's roving tab stops. Escape closes the drawer wherever focus is (a screen that focuses
 * its search box after loading can take focus from the drawer).
 */
function useDrawerFocusTrap(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        return;
      }
      if (e.key !== 'Tab') return;
      const panel = document.querySelector<HTMLElement>('.nav-drawer .ant-drawer-section');
      if (!panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement as HTMLElement | null;
      const inside = !!active && panel.contains(active);
      if (!inside || (e.shiftKey && active === first) || (!e.shiftKey && active === last)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
    // close only sets state; a new function each render need not re-bind the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}

export default AppShell;
