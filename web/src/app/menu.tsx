// The sidebar as data: later issues add rows here. A section shows when the user's org kind
// and permission match; items inside inherit the section's conditions.
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  TeamOutlined,
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
  {
    key: 'registration',
    label: 'menu.registration',
    icon: <TeamOutlined />,
    orgKind: 'school',
    permission: 'view.manage.school.employee',
    children: [
      {
        key: 'registration-teacher',
        label: 'menu.teacher',
        children: [
          { key: 'teacher-list', label: 'menu.list', path: '/school/teacher/list' },
          { key: 'teacher-role', label: 'menu.role', path: '/school/teacher/role' },
        ],
      },
      {
        key: 'registration-staff',
        label: 'menu.staff',
        children: [
          { key: 'staff-list', label: 'menu.list', path: '/school/staff/list' },
          { key: 'staff-role', label: 'menu.role', path: '/school/staff/role' },
        ],
      },
    ],
  },
  {
    key: 'company-people',
    label: 'menu.employee',
    icon: <TeamOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company.employee',
    children: [
      { key: 'employee-list', label: 'menu.employee_list', path: '/company/employee/list' },
      { key: 'department-list', label: 'menu.department', path: '/company/department/list' },
    ],
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
