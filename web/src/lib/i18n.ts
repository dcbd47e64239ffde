// i18next set-up: one JSON file per language and namespace under src/locales, loaded on demand
// so only the active language is downloaded.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, storedLanguage } from './languages';

export const NAMESPACES = ['common', 'auth', 'account', 'company', 'school', 'errors', 'ref', 'people', 'verification', 'attendance', 'groups', 'holidays', 'leave', 'devices', 'clockin', 'integrations', 'approvals', 'shell', 'notifications', 'calendar', 'retention', 'roster', 'reports'] as const;

/**
 * Loaded at start: what the sign-in pages and the shell need on every screen. Every other
 * namespace is loaded when a component first asks for it with useTranslation([...]), which
 * suspends until it is there — so a component must name every namespace it uses (a key with
 * a prefix such as 'leave:menu.leave' does not load its namespace by itself).
 */
export const INITIAL_NAMESPACES = ['common', 'errors', 'shell'] as const;

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`missing locale ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: Error) => callback(e, null),
    );
  },
};

export const i18n = i18next.createInstance();

export function initI18n(language = storedLanguage()) {
  if (i18n.isInitialized) return Promise.resolve(i18n.t);
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      ns: [...INITIAL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}
