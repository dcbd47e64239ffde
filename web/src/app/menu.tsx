// The sidebar as data: later issues add rows here. A section shows when the user's org kind
// and permission match; items inside inherit the section's conditions.
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  DashboardOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SessionInfo } from '../lib/api-schemas';

export interface MenuEntry {
  key: string;
  /** i18n key in the common namespace. */
  label: string;
  icon?: ReactNode;
  path?: string;
  orgKind?: 'school' | 'company';
  permission?: string;
  children?: MenuEntry[];
}

export const MENU: MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', icon: <DashboardOutlined />, path: '/dashboard' },
  {
    key: 'personal',
    label: 'menu.personal',
    icon: <UserOutlined />,
    children: [
      { key: 'personal-profile', label: 'menu.profile', path: '/personal/profile' },
      { key: 'personal-account', label: 'menu.account', path: '/personal/account' },
    ],
  },
  {
    key: 'settings',
    label: 'menu.settings',
    icon: <SettingOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company',
    children: [
      { key: 'settings-company', label: 'menu.company', path: '/settings/company' },
      { key: 'settings-register', label: 'menu.registration', path: '/settings/company/register' },
      { key: 'settings-positions', label: 'menu.positions', path: '/settings/company/positions' },
    ],
  },
  {
    key: 'management',
    label: 'menu.management',
    icon: <ApartmentOutlined />,
    orgKind: 'school',
    permission: 'view.manage.school',
    children: [{ key: 'management-school', label: 'menu.school', path: '/school/management' }],
  },
];

function allowed(entry: MenuEntry, session: SessionInfo | null): boolean {
  if (entry.orgKind && session?.org?.kind !== entry.orgKind) return false;
  if (entry.permission && !session?.permissions?.includes(entry.permission)) return false;
  return true;
}

/** The menu entries this session may see, empty sections dropped. */
export function visibleMenu(session: SessionInfo | null, entries: MenuEntry[] = MENU): MenuEntry[] {
  return entries
    .filter((e) => allowed(e, session))
    .map((e) => (e.children ? { ...e, children: visibleMenu(session, e.children) } : e))
    .filter((e) => !e.children || e.children.length > 0);
}

/** The entry whose path is the longest prefix of `pathname`, and its parents' keys. */
export function activeEntry(pathname: string, entries: MenuEntry[] = MENU): { key?: string; parents: string[] } {
  let best: { key?: string; parents: string[]; len: number } = { parents: [], len: 0 };
  const walk = (list: MenuEntry[], parents: string[]) => {
    for (const e of list) {
      if (e.path && (pathname === e.path || pathname.startsWith(`${e.path}/`)) && e.path.length > best.len) {
        best = { key: e.key, parents, len: e.path.length };
      }
      if (e.children) walk(e.children, [...parents, e.key]);
    }
  };
  walk(entries, []);
  return { key: best.key, parents: best.parents };
}
