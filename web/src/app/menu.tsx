// The sidebar as data: later issues add rows here. A section shows when the user's org kind
// and permission match; items inside inherit the section's conditions.
import type { ReactNode } from 'react';
import {
  ApartmentOutlined,
  CalendarOutlined,
  CarOutlined,
  TeamOutlined,
  DashboardOutlined,
  ScanOutlined,
  ScheduleOutlined,
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
  /** Only for a user whose person manages people (issue 12's "My team"). */
  managers?: boolean;
  children?: MenuEntry[];
}

export const MENU: MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', icon: <DashboardOutlined />, path: '/dashboard' },
  { key: 'calendar', label: 'calendar:menu.calendar', icon: <CalendarOutlined />, path: '/calendar' },
  {
    key: 'personal',
    label: 'menu.personal',
    icon: <UserOutlined />,
    children: [
      { key: 'personal-profile', label: 'menu.profile', path: '/personal/profile' },
      { key: 'personal-account', label: 'menu.account', path: '/personal/account' },
      { key: 'personal-notifications', label: 'notifications:menu.notifications', path: '/personal/notifications' },
      { key: 'personal-attendance', label: 'menu.attendance', path: '/personal/attendance' },
      { key: 'personal-clock', label: 'clockin:menu.clock', path: '/personal/clock' },
      { key: 'personal-leave', label: 'leave:menu.leave', path: '/personal/leave' },
      { key: 'personal-away', label: 'leave:menu.away', path: '/personal/away' },
      { key: 'personal-requests', label: 'approvals:menu.requests', path: '/personal/requests' },
      { key: 'personal-approvals', label: 'approvals:menu.waiting', path: '/approvals' },
      { key: 'personal-team', label: 'approvals:menu.team', path: '/personal/team', managers: true },
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
      { key: 'settings-holiday', label: 'menu.holiday', path: '/settings/holiday' },
      { key: 'settings-api-tokens', label: 'common:menu.tokens', path: '/settings/integrations/tokens' },
      { key: 'settings-sso', label: 'common:menu.sso', path: '/settings/integrations/sso' },
      { key: 'settings-webhooks', label: 'common:menu.webhooks', path: '/settings/integrations/webhooks' },
      { key: 'settings-saved-reports', label: 'common:menu.saved_reports', path: '/reports/saved' },
      { key: 'settings-retention', label: 'common:menu.data_retention', path: '/settings/retention' },
      { key: 'settings-audit', label: 'common:menu.audit', path: '/settings/audit' },
    ],
  },
  {
    key: 'management',
    label: 'menu.management',
    icon: <ApartmentOutlined />,
    orgKind: 'school',
    permission: 'view.manage.school',
    children: [
      { key: 'management-school', label: 'menu.school', path: '/school/management' },
      { key: 'management-holiday', label: 'menu.holiday', path: '/school/management/holiday' },
      { key: 'management-api-tokens', label: 'common:menu.tokens', path: '/settings/integrations/tokens' },
      { key: 'management-sso', label: 'common:menu.sso', path: '/settings/integrations/sso' },
      { key: 'management-webhooks', label: 'common:menu.webhooks', path: '/settings/integrations/webhooks' },
      { key: 'management-saved-reports', label: 'common:menu.saved_reports', path: '/reports/saved' },
      { key: 'management-retention', label: 'common:menu.data_retention', path: '/settings/retention' },
      { key: 'management-audit', label: 'common:menu.audit', path: '/settings/audit' },
      {
        key: 'management-attendance',
        label: 'menu.attendance',
        children: [
          { key: 'attendance-teacher', label: 'menu.teacher', path: '/school/management/attendance/teacher' },
          { key: 'attendance-staff', label: 'menu.staff', path: '/school/management/attendance/staff' },
          { key: 'school-roster', label: 'common:menu.roster', path: '/attendance/roster' },
          { key: 'school-patterns', label: 'common:menu.shift_patterns', path: '/attendance/patterns' },
        ],
      },
      {
        key: 'management-leave',
        label: 'leave:menu.leave',
        children: [
          { key: 'leave-detail', label: 'leave:menu.detail', path: '/school/leave/detail' },
          { key: 'leave-entitlement', label: 'leave:menu.entitlement', path: '/school/leave/entitlement' },
          { key: 'leave-assignment', label: 'leave:menu.assignment', path: '/school/leave/assignment' },
          { key: 'leave-application', label: 'leave:menu.approval', path: '/school/leave/application' },
        ],
      },
      {
        key: 'management-away',
        label: 'leave:menu.away',
        children: [
          { key: 'away-detail', label: 'leave:menu.detail', path: '/school/away/detail' },
          { key: 'away-entitlement', label: 'leave:menu.entitlement', path: '/school/away/entitlement' },
          { key: 'away-assignment', label: 'leave:menu.assignment', path: '/school/away/assignment' },
          { key: 'away-application', label: 'leave:menu.approval', path: '/school/away/application' },
        ],
      },
      {
        key: 'management-device',
        label: 'common:menu.device',
        children: [
          { key: 'school-device-facial', label: 'common:menu.facial', path: '/school/management/device/facial' },
          { key: 'school-device-beacon', label: 'common:menu.beacon', path: '/device/beacon' },
          { key: 'school-clock-sites', label: 'clockin:menu.sites', path: '/attendance/sites' },
          { key: 'school-clock-kiosks', label: 'clockin:menu.kiosks', path: '/attendance/kiosks' },
        ],
      },
    ],
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
          { key: 'teacher-group', label: 'menu.group', path: '/school/teacher/group', permission: 'view.manage.school' },
          { key: 'teacher-role', label: 'menu.role', path: '/school/teacher/role' },
        ],
      },
      {
        key: 'registration-staff',
        label: 'menu.staff',
        children: [
          { key: 'staff-list', label: 'menu.list', path: '/school/staff/list' },
          { key: 'staff-group', label: 'menu.group', path: '/school/staff/group', permission: 'view.manage.school' },
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
      { key: 'employee-group', label: 'menu.group', path: '/company/employee/group', permission: 'view.manage.company' },
      { key: 'employee-role', label: 'menu.role', path: '/company/employee/role' },
    ],
  },
  {
    key: 'company-attendance',
    label: 'menu.attendance',
    icon: <CalendarOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company',
    children: [
      { key: 'employee-attendance', label: 'menu.employee_attendance', path: '/company/employee/attendance' },
      { key: 'roster', label: 'common:menu.roster', path: '/attendance/roster' },
      { key: 'patterns', label: 'common:menu.shift_patterns', path: '/attendance/patterns' },
    ],
  },
  {
    key: 'company-leave',
    label: 'leave:menu.leave',
    icon: <ScheduleOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company',
    children: [
      { key: 'company-leave-details', label: 'leave:menu.details', path: '/company/leave/details' },
      { key: 'company-leave-entitlement', label: 'leave:menu.entitlement', path: '/company/leave/entitlement' },
      { key: 'company-leave-application', label: 'leave:menu.approval', path: '/company/leave/application' },
      { key: 'company-leave-statistics', label: 'leave:menu.statistics', path: '/company/leave/statistics' },
    ],
  },
  {
    key: 'company-away',
    label: 'leave:menu.away',
    icon: <CarOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company',
    children: [
      { key: 'company-away-details', label: 'leave:menu.details', path: '/company/away/details' },
      { key: 'company-away-entitlement', label: 'leave:menu.entitlement', path: '/company/away/entitlement' },
      { key: 'company-away-assignment', label: 'leave:menu.assignment', path: '/company/away/assignment' },
      { key: 'company-away-application', label: 'leave:menu.approval', path: '/company/away/application' },
      { key: 'company-away-statistics', label: 'leave:menu.statistics', path: '/company/away/statistics' },
    ],
  },
  {
    key: 'company-device',
    label: 'common:menu.device',
    icon: <ScanOutlined />,
    orgKind: 'company',
    permission: 'view.manage.company',
    children: [
      { key: 'device-facial', label: 'common:menu.facial', path: '/device/facial' },
      { key: 'device-beacon', label: 'common:menu.beacon', path: '/device/beacon' },
      { key: 'clock-sites', label: 'clockin:menu.sites', path: '/attendance/sites' },
      { key: 'clock-kiosks', label: 'clockin:menu.kiosks', path: '/attendance/kiosks' },
    ],
  },
];

function allowed(entry: MenuEntry, session: SessionInfo | null): boolean {
  if (entry.orgKind && session?.org?.kind !== entry.orgKind) return false;
  if (entry.permission && !session?.permissions?.includes(entry.permission)) return false;
  return true;
}

/** The menu entries this session may see, empty sections dropped. */
export function visibleMenu(session: SessionInfo | null, entries: MenuEntry[] = MENU, manages = false): MenuEntry[] {
  return entries
    .filter((e) => allowed(e, session) && (!e.managers || manages))
    .map((e) => (e.children ? { ...e, children: visibleMenu(session, e.children, manages) } : e))
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

/** The i18n namespaces the menu's labels come from ("leave:menu.leave" → leave), loaded
 * before the menu or a title is rendered from them. */
export function menuNamespaces(entries: MenuEntry[] = MENU): string[] {
  const out = new Set<string>(['common']);
  const walk = (list: MenuEntry[]) =>
    list.forEach((e) => {
      if (e.label.includes(':')) out.add(e.label.split(':')[0]);
      if (e.children) walk(e.children);
    });
  walk(entries);
  return [...out];
}
