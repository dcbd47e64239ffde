import { useMemo, useState, useEffect } from 'react';
import { Layout, Menu, theme, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activeEntry, menuNamespaces, visibleMenu, type MenuEntry } from '../menu';
import { useSession } from '../../lib/use-session';
import { APP_NAME } from '../../lib/brand';
import { useManages } from './use-manages';

interface NavMenuProps {
  /** The sidebar is folded to icons (its sub-menus then open as pop-ups). */
  collapsed?: boolean;
  /** Called after an entry with a path was chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The menu of spec §2 for the signed-in user, in the sidebar or in the phone drawer. */
export function NavMenu({ collapsed = false, onNavigate }: NavMenuProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const manages = useManages();
  const entries = useMemo(() => visibleMenu(session, undefined, manages), [session, manages]);
  // Only the namespaces of the entries this user sees: a member's menu does not download the
  // labels of the management screens (issue 11's JavaScript budget).
  const namespaces = useMemo(() => menuNamespaces(entries), [entries]);
  const { t } = useTranslation(namespaces);
  const active = activeEntry(pathname, entries);
  const [openKeys, setOpenKeys] = useState<string[]>(active.parents);

  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...active.parents])));
    // Only when the route moves into another section.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active.parents.join('|')]);

  const toItems = (list: MenuEntry[]): MenuProps['items'] =>
    list.map((e) => ({
      key: e.key,
      icon: e.icon,
      label: <span data-testid={`menu-${e.key}`}>{t(e.label)}</span>,
      children: e.children ? toItems(e.children) : undefined,
      onClick: e.path
        ? () => {
            navigate(e.path!);
            onNavigate?.();
          }
        : undefined,
    }));

  return (
    <Menu
      mode="inline"
      items={toItems(entries)}
      selectedKeys={active.key ? [active.key] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={(keys) => setOpenKeys(keys as string[])}
      style={{ borderInlineEnd: 'none' }}
      data-testid="nav-menu"
    />
  );
}

interface SidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/** The desktop sidebar: the menu, foldable to icons (the state is kept by the shell). */
export function Sidebar({ collapsed, onCollapse }: SidebarProps) {
  const { token } = theme.useToken();
  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      breakpoint="lg"
      width={240}
      theme="light"
      data-testid="sidebar"
      trigger={<span data-testid="sidebar-toggle">{collapsed ? '»' : '«'}</span>}
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
    >
      <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700, fontSize: 18 }}>
        {collapsed ? APP_NAME.charAt(0) : APP_NAME}
      </div>
      <NavMenu collapsed={collapsed} />
    </Layout.Sider>
  );
}
