// Names the browser tab after the screen: "Staff – Approval – Leave · Hadir", from the sidebar
// entry that holds the current path, its section, and the sub-view the rest of the path names
// (daily, monthly, teacher, archived…), in the user's language. A screen that is not a menu
// entry's (no access, not found) names itself with useTitleOverride.
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MENU, activeEntry, menuNamespaces, visibleMenu, type MenuEntry } from '../menu';
import type { SessionInfo } from '../../lib/api-schemas';

export const PRODUCT = 'Hadir';

/** What a path segment after the menu entry's own path shows, by its translation key. */
const SUBVIEWS: Record<string, string> = {
  daily: 'attendance:tabs.daily',
  monthly: 'attendance:tabs.monthly',
  yearly: 'attendance:tabs.yearly',
  individual: 'attendance:tabs.individual',
  teacher: 'leave:person_kind.teacher',
  staff: 'leave:person_kind.staff',
  employee: 'leave:person_kind.employee',
  active: 'people:list.active',
  archived: 'people:list.archived',
  entitlement: 'leave:tabs.entitlement',
  application: 'leave:tabs.application',
};

/** Paths of the spec that name a menu entry's screen another way round. */
const ALIASES: [RegExp, string][] = [
  [/^\/school\/(leave|away)\/(teacher|staff)\/(entitlement|assignment)$/, '/school/$1/$3/$2'],
  [/^\/company\/components\/(leave|away)\/entitlement\/employee$/, '/company/$1/entitlement/employee'],
];

/** Screens with no menu entry of their own: their title and the section they sit in. */
const UNLISTED: { path: string; label: string; section: string }[] = [
  { path: '/company/leave/assignment', label: 'leave:menu.assignment', section: 'company-leave' },
];

const MENU_NAMESPACES = [...new Set([...menuNamespaces(), 'attendance', 'leave', 'people'])];

function find(entries: MenuEntry[], key: string | undefined): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const inner = e.children && find(e.children, key);
    if (inner) return inner;
  }
  return undefined;
}

function fromMenu(pathname: string, entries: MenuEntry[], t: (key: string) => string): string[] | null {
  const { key, parents } = activeEntry(pathname, entries);
  const entry = find(entries, key);
  if (!entry?.path) return null;
  const rest = pathname.slice(entry.path.length).split('/').filter(Boolean);
  const parts = rest.reverse().map((s) => (SUBVIEWS[s] ? t(SUBVIEWS[s]) : s));
  parts.push(t(entry.label));
  const section = find(entries, parents[parents.length - 1]);
  if (section) parts.push(t(section.label));
  return parts;
}

/** The title of the screen at pathname for a session, with t translating the labels. */
export function screenTitle(pathname: string, session: SessionInfo | null, t: (key: string) => string): string {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [re, to] of ALIASES) path = path.replace(re, to);
  const unlisted = UNLISTED.find((u) => u.path === path);
  // The user's own menu first (a section's label in their org), then the whole menu: a screen
  // the user may open without a menu entry for it (My team, found by address) is still named.
  const parts = unlisted
    ? [t(unlisted.label), t(find(MENU, unlisted.section)?.label ?? '')]
    : ((session && fromMenu(path, visibleMenu(session), t)) ?? fromMenu(path, MENU, t));
  return parts ? `${parts.filter(Boolean).join(' – ')} · ${PRODUCT}` : PRODUCT;
}

// The override a screen without a menu entry sets while it is shown.
let override: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
function setOverride(v: string | null) {
  override = v;
  listeners.forEach((l) => l());
}

/** Names the tab after this screen ("No access · Hadir") instead of the menu entry of its path. */
export function useTitleOverride(title: string) {
  useEffect(() => {
    setOverride(title);
    return () => setOverride(null);
  }, [title]);
}

/** Keeps document.title in step with the screen and the language. */
export function useDocumentTitle(session: SessionInfo | null) {
  const { t, i18n } = useTranslation(MENU_NAMESPACES);
  const { pathname } = useLocation();
  const named = useSyncExternalStore(subscribe, () => override);
  useEffect(() => {
    document.title = named ? `${named} · ${PRODUCT}` : screenTitle(pathname, session, (k) => t(k));
  }, [pathname, session, t, i18n.language, named]);
}
