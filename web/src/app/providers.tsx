import { Suspense, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import { ApiError } from '../lib/api-client';
import { PageLoader } from '../components/page-loader';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The font stack: antd's Latin system fonts, then the CJK system fonts of macOS, Windows,
 * Linux and Android, so that Chinese and Japanese names never render as boxes.
 */
export const FONT_FAMILY = [
  '-apple-system', 'BlinkMacSystemFont', "'Segoe UI'", 'Roboto', "'Helvetica Neue'", 'Arial', "'Noto Sans'",
  "'PingFang SC'", "'Hiragino Sans'", "'Hiragino Kaku Gothic ProN'", "'Microsoft YaHei'", "'Yu Gothic UI'", 'Meiryo',
  "'Noto Sans CJK SC'", "'Noto Sans CJK JP'", "'Source Han Sans SC'", "'WenQuanYi Micro Hei'", "'Droid Sans Fallback'",
  'sans-serif', "'Apple Color Emoji'", "'Segoe UI Emoji'", "'Noto Color Emoji'",
].join(', ');

/** Languages whose words antd must not space out in two-character buttons ("作 成"). */
const NO_BUTTON_SPACING = new Set(['ch', 'jp']);

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { antdLocale, language } = useLanguage();
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{ token: { colorPrimary: '#1677ff', fontFamily: FONT_FAMILY } }}
      button={{ autoInsertSpace: !NO_BUTTON_SPACING.has(language) }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** Query cache, i18n, language and antd configuration around the app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LanguageProvider>
          <LocalisedAntd>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </LocalisedAntd>
        </LanguageProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
