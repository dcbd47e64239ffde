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

function LocalisedAntd({ children }: { children: ReactNode }) {
  const { antdLocale } = useLanguage();
  return (
    <ConfigProvider locale={antdLocale} theme={{ token: { colorPrimary: '#1677ff' } }}>
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
