// Names the browser tab after the screen: "Approval – Leave · Hadir", from the sidebar entry
// that holds the current path and its section, in the user's language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MENU, activeEntry, menuNamespaces, visibleMenu, type MenuEntry } from '../menu';

const MENU_NAMESPACES = menuNamespaces();
import type { SessionInfo } from '../../lib/api-schemas';

export const PRODUCT = 'Hadir';

function find(entries: MenuEntry[], key: string | undefined): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const inner = e.children && find(e.children, key);
    if (inner) return inner;
  }
  return undefined;
}

/** The title of the screen at pathname for a session, with t translating the menu labels. */
export function screenTitle(pathname: string, session: SessionInfo | null, t: (key: string) => string): string {
  const entries = session ? visibleMenu(session) : MENU;
  const { key, parents } = activeEntry(pathname, entries);
  const entry = find(entries, key);
  if (!entry) return PRODUCT;
  const section = find(entries, parents[parents.length - 1]);
  const parts = [t(entry.label)];
  if (section) parts.push(t(section.label));
  return `${parts.join(' – ')} · ${PRODUCT}`;
}

/** Keeps document.title in step with the screen and the language. */
export function useDocumentTitle(session: SessionInfo | null) {
  const { t, i18n } = useTranslation(MENU_NAMESPACES);
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = screenTitle(pathname, session, (k) => t(k));
  }, [pathname, session, t, i18n.language]);
}
