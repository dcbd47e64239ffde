// The active language: i18next, the antd locale and dayjs switch together and the choice is
// kept under localStorage `language`.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from 'antd/es/locale';
import { i18n } from './i18n';
import { LANGUAGE_KEY, languageInfo, storedLanguage, type LanguageCode } from './languages';
import { defaultAntdLocale, loadLibraryLocales } from './locale-libraries';

interface LanguageState {
  language: LanguageCode;
  antdLocale: Locale;
  setLanguage: (code: LanguageCode) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<LanguageCode>(storedLanguage);
  const [antdLocale, setAntdLocale] = useState<Locale>(defaultAntdLocale);

  useEffect(() => {
    let cancelled = false;
    loadLibraryLocales(language).then((l) => {
      if (!cancelled) setAntdLocale(l);
    });
    document.documentElement.lang = languageInfo(language).html;
    // Every language of the app is written left to right; said explicitly for screen readers.
    document.documentElement.dir = 'ltr';
    return () => {
      cancelled = true;
    };
  }, [language]);

  const setLanguage = useCallback(async (code: LanguageCode) => {
    localStorage.setItem(LANGUAGE_KEY, code);
    await i18n.changeLanguage(code);
    setLanguageState(code);
  }, []);

  const value = useMemo(() => ({ language, antdLocale, setLanguage }), [language, antdLocale, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const ctx = useContext(LanguageContext);
  if (!ctx) throw new Error('useLanguage outside LanguageProvider');
  return ctx;
}
