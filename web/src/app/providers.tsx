import { Suspense, useEffect, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { LanguageProvider, useLanguage } from '../lib/language-context';
import { ThemeModeProvider, useThemeMode } from '../lib/theme-mode';
import { useIsPhone } from '../lib/use-media-query';
import { ApiError } from '../lib/api-client';
import { PageLoader } from '../components/page-loader';
import { appTheme } from './theme';

export { FONT_FAMILY } from './theme';

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

/** Languages whose words antd must not space out in two-character buttons ("作 成"). */
const NO_BUTTON_SPACING = new Set(['ch', 'jp']);

/**
 * Paints what lies outside React in the theme's colours: the page behind the app, the
 * browser's own controls and scroll bars (color-scheme) and a phone's status bar
 * (<meta name="theme-color">).
 */
function DocumentColours({ dark }: { dark: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
    root.style.backgroundColor = token.colorBgLayout;
    root.style.color = token.colorText;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = token.colorBgContainer;
  }, [dark, token.colorBgLayout, token.colorText, token.colorBgContainer]);
  return null;
}

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { antdLocale, language } = useLanguage();
  const { dark } = useThemeMode();
  // On a phone every control is at least 40 px tall (issue 11: touch targets).
  const phone = useIsPhone();
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={appTheme(dark)}
      componentSize={phone ? 'large' : undefined}
      button={{ autoInsertSpace: !NO_BUTTON_SPACING.has(language) }}
    >
      <DocumentColours dark={dark} />
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** Query cache, i18n, language, theme and antd configuration around the app. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LanguageProvider>
          <ThemeModeProvider>
            <LocalisedAntd>
              <Suspense fallback={<PageLoader />}>{children}</Suspense>
            </LocalisedAntd>
          </ThemeModeProvider>
        </LanguageProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
