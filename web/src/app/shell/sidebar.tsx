import { useMemo, useState, useEffect } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activeEntry, visibleMenu, type MenuEntry } from '../menu';
import { useSession } from '../../lib/use-session';
import { APP_NAME } from '../../lib/brand';

interface SidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

export function Sidebar({ collapsed, onCollapse }: SidebarProps) {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(session), [session]);
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
      onClick: e.path ? () => navigate(e.path!) : undefined,
    }));

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
      style={{ borderRight: '1px solid rgba(5,5,5,0.06)' }}
    >
      <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700, fontSize: 18 }}>
        {collapsed ? APP_NAME.charAt(0) : APP_NAME}
      </div>
      <Menu
        mode="inline"
        items={toItems(entries)}
        selectedKeys={active.key ? [active.key] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={(keys) => setOpenKeys(keys as string[])}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}
