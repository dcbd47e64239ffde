// The frame of the public pages (sign-in, registration, password reset, verification, terms):
// a brand panel saying what Hadir is beside the form on a wide screen, a compact brand header
// above it on a phone; the language switcher and the link to the terms of use on every page.
import { Suspense, useEffect } from 'react';
import { Flex, theme } from 'antd';
import { CalendarOutlined, FieldTimeOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { LanguageSwitcher } from '../components/language-switcher';
import { ThemeSwitcher } from '../components/theme-switcher';
import { PageLoader } from '../components/page-loader';
import { APP_NAME } from '../lib/brand';
import { useNarrowScreen } from '../lib/use-narrow-screen';

// White on these blues is 5.9:1 and more (WCAG AA), in the light and the dark theme alike.
const PANEL = 'linear-gradient(160deg, #0958d9 0%, #003eb3 55%, #002c8c 100%)';

function BrandPanel({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('auth');
  const points = [
    { icon: <FieldTimeOutlined />, text: t('brand.point_attendance') },
    { icon: <CalendarOutlined />, text: t('brand.point_leave') },
    { icon: <GlobalOutlined />, text: t('brand.point_everywhere') },
  ];
  return (
    <section
      data-testid="brand-panel"
      style={{
        // The solid colour under the gradient is what contrast checkers (axe) and forced
        // colours read; the darkest stop but one keeps white text at 8.6:1 (issue 17).
        backgroundColor: '#003eb3',
        backgroundImage: PANEL,
        color: '#fff',
        flex: narrow ? 'none' : '0 1 44%',
        padding: narrow ? '20px 20px 24px' : '64px clamp(32px, 5vw, 80px)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: narrow ? 8 : 20,
        // On a wide screen the panel stays in view while a long page (the terms) scrolls.
        ...(narrow ? {} : { position: 'sticky' as const, top: 0, height: '100vh', boxSizing: 'border-box' as const }),
      }}
    >
      <Flex align="center" gap={12}>
        <BrandLogo size={narrow ? 36 : 48} label={t('brand.logo')} inverse />
        <span style={{ fontSize: narrow ? 24 : 32, fontWeight: 700, letterSpacing: 0.5 }} data-testid="brand-name">
          {APP_NAME}
        </span>
      </Flex>
      <p style={{ margin: 0, fontSize: narrow ? 16 : 22, fontWeight: 600, lineHeight: 1.35 }} data-testid="brand-tagline">
        {t('brand.tagline')}
      </p>
      {!narrow && (
        <>
          <p style={{ margin: 0, fontSize: 15, lineHeight: 1.6, color: 'rgba(255, 255, 255, 0.92)', maxWidth: 520 }}>{t('brand.lead')}</p>
          <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', display: 'grid', gap: 14 }}>
            {points.map((p) => (
              <li key={p.text} style={{ display: 'flex', gap: 12, alignItems: 'center', fontSize: 15 }}>
                <span
                  aria-hidden
                  style={{ display: 'inline-flex', width: 32, height: 32, borderRadius: 8, background: 'rgba(255,255,255,0.16)', alignItems: 'center', justifyContent: 'center', flex: 'none' }}
                >
                  {p.icon}
                </span>
                {p.text}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Each public page's title (WCAG 2.4.2), by path; only the namespace of the page shown is loaded. */
const PUBLIC_TITLES: Record<string, string> = {
  '/login': 'auth:login.title',
  '/register': 'auth:register.title',
  '/register/school': 'auth:register_school.title',
  '/forgot/password': 'auth:forgot.title',
  '/auth/password/reset': 'auth:reset.title',
  '/auth/login/link': 'auth:login_link.title',
  '/login/sso': 'auth:sso.title',
  '/terms': 'legal:terms.title',
  '/verification/employee': 'verification:title',
  '/verification/employee/register': 'verification:register_title',
  '/verification/employee/login': 'verification:login_title',
  '/verification/employee/unqualified': 'verification:unqualified_title',
};

function usePublicTitle() {
  const { pathname } = useLocation();
  const key = PUBLIC_TITLES[pathname.replace(/\/+$/, '')];
  const { t, i18n } = useTranslation(key ? key.split(':')[0] : 'auth');
  useEffect(() => {
    document.title = key ? `${t(key)} · ${APP_NAME}` : APP_NAME;
  }, [key, t, i18n.language]);
}

export function PublicLayout() {
  const { t } = useTranslation('auth');
  usePublicTitle();
  const narrow = useNarrowScreen();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: narrow ? 'column' : 'row', background: token.colorBgLayout }}>
      <BrandPanel narrow={narrow} />
      <main style={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column', padding: narrow ? '8px 12px 16px' : '16px 32px 24px' }}>
        <Flex justify="flex-end" gap={4}>
          <ThemeSwitcher />
          <LanguageSwitcher />
        </Flex>
        <Flex justify="center" align="center" style={{ flex: 1, padding: narrow ? '8px 0' : '24px 0' }}>
          {/* A plain panel in the theme's colours: antd's Card would bring Tabs into the
              sign-in page's download, which must stay small (issue 11). */}
          <div
            className="auth-panel"
            style={{
              width: '100%',
              maxWidth: 520,
              padding: 24,
              background: token.colorBgContainer,
              color: token.colorText,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              boxSizing: 'border-box',
            }}
          >
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </Flex>
        {/* A plain span: antd's Typography (with Input for its editing) is not worth its
            download on the sign-in page (issue 11). */}
        <span style={{ textAlign: 'center', fontSize: 13, color: token.colorTextSecondary }}>
          <Link to="/terms" data-testid="footer-terms">
            {t('brand.terms')}
          </Link>
          {' · '}© {APP_NAME}
        </span>
      </main>
    </div>
  );
}
