// Loads the antd and dayjs locales that belong to a stored language code.
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import type { LanguageCode } from './languages';

const antdLocales: Record<LanguageCode, () => Promise<{ default: Locale }>> = {
  en: () => Promise.resolve({ default: enUS }),
  ms: () => import('antd/locale/ms_MY'),
  ch: () => import('antd/locale/zh_CN'),
  es: () => import('antd/locale/es_ES'),
  jp: () => import('antd/locale/ja_JP'),
  de: () => import('antd/locale/de_DE'),
  fr: () => import('antd/locale/fr_FR'),
};

const dayjsLocales: Record<LanguageCode, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  ms: () => import('dayjs/locale/ms'),
  ch: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  jp: () => import('dayjs/locale/ja'),
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
};

const dayjsNames: Record<LanguageCode, string> = {
  en: 'en', ms: 'ms', ch: 'zh-cn', es: 'es', jp: 'ja', de: 'de', fr: 'fr',
};

export const defaultAntdLocale = enUS;

/** Returns the antd locale for the language and switches dayjs to it. */
export async function loadLibraryLocales(code: LanguageCode): Promise<Locale> {
  const [antd] = await Promise.all([antdLocales[code](), dayjsLocales[code]()]);
  dayjs.locale(dayjsNames[code]);
  return antd.default;
}
