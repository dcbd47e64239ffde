// The seven languages: stored codes (what i18next and localStorage use) and the locale names
// the libraries need (antd, dayjs).
export const LANGUAGE_KEY = 'language';
export const DEFAULT_LANGUAGE = 'en';

export const LANGUAGES = [
  { code: 'en', nativeName: 'English', antd: 'en_US', dayjs: 'en', html: 'en' },
  { code: 'ms', nativeName: 'Bahasa Melayu', antd: 'ms_MY', dayjs: 'ms', html: 'ms' },
  { code: 'ch', nativeName: '中文', antd: 'zh_CN', dayjs: 'zh-cn', html: 'zh' },
  { code: 'es', nativeName: 'Español', antd: 'es_ES', dayjs: 'es', html: 'es' },
  { code: 'jp', nativeName: '日本語', antd: 'ja_JP', dayjs: 'ja', html: 'ja' },
  { code: 'de', nativeName: 'Deutsch', antd: 'de_DE', dayjs: 'de', html: 'de' },
  { code: 'fr', nativeName: 'Français', antd: 'fr_FR', dayjs: 'fr', html: 'fr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isLanguage(code: string | null | undefined): code is LanguageCode {
  return LANGUAGES.some((l) => l.code === code);
}

export function languageInfo(code: string) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

export function storedLanguage(): LanguageCode {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}
