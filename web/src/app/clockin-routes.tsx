// Web clock-in, clock sites, kiosks (issue 11), spread into routes.tsx; screens are
// lazy-loaded. Sites and kiosks serve both kinds of organisation.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireOrgManager } from './device-routes';

const SitesPage = lazy(() => import('../features/clockin/components/sites-page'));
const KiosksPage = lazy(() => import('../features/clockin/components/kiosks-page'));
const TokensPage = lazy(() => import('../features/integrations/components/tokens-page'));
const SsoSettingsPage = lazy(() => import('../features/integrations/components/sso-page'));
const WebhooksPage = lazy(() => import('../features/integrations/components/webhooks-page'));
const SavedReportsPage = lazy(() => import('../features/attendance/components/saved-reports-page'));
const RetentionPage = lazy(() => import('../features/retention/components/retention-page'));
const AuditPage = lazy(() => import('../features/audit/components/audit-page'));
const ClockPage = lazy(() => import('../features/clockin/components/clock-page'));
/** Where a kiosk's QR code leads, signed in or not. */
export const KioskLanding = lazy(() => import('../features/clockin/components/kiosk-landing'));
/** The kiosk tablet's screen, outside the shell and without an account. */
export const KioskScreen = lazy(() => import('../features/clockin/components/kiosk-screen'));

export const clockinRoutes: RouteObject[] = [
  { path: '/attendance/sites', element: <RequireOrgManager><SitesPage /></RequireOrgManager> },
  { path: '/attendance/kiosks', element: <RequireOrgManager><KiosksPage /></RequireOrgManager> },
  { path: '/personal/clock', element: <ClockPage /> },
  // API tokens (issue 15), for both kinds of organisation.
  { path: '/settings/integrations/tokens', element: <RequireOrgManager><TokensPage /></RequireOrgManager> },
  // Single sign-on (issue 15), for both kinds of organisation.
  { path: '/settings/integrations/sso', element: <RequireOrgManager><SsoSettingsPage /></RequireOrgManager> },
  // Webhooks (issue 15), for both kinds of organisation.
  { path: '/settings/integrations/webhooks', element: <RequireOrgManager><WebhooksPage /></RequireOrgManager> },
  // Saved and scheduled reports (issue 15), for both kinds of organisation.
  { path: '/reports/saved', element: <RequireOrgManager><SavedReportsPage /></RequireOrgManager> },
  // How long records are kept (issue 18), for both kinds of organisation.
  { path: '/settings/retention', element: <RequireOrgManager><RetentionPage /></RequireOrgManager> },
  // The audit trail (issue 15), for both kinds of organisation.
  { path: '/settings/audit', element: <RequireOrgManager><AuditPage /></RequireOrgManager> },
];
