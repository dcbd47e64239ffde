// The devices list's API in the list tests: four devices, one of each health case.
import { mockFetch } from './render-app';
import type { Session } from '../lib/api-schemas';

export function device(id: number, lastSeen: string | null, health: Partial<Record<string, unknown>> = {}) {
  return {
    id,
    name: `Gate ${id}`,
    model: 'SpeedFace',
    code: `SN000${id}`,
    purchase_date: '2026-01-05',
    enabled: true,
    allowed_ips: '',
    last_seen: lastSeen,
    last_ip: '10.0.0.5',
    firmware: 'Ver 8.0.4',
    info: '',
    enrolled: 2,
    commands_pending: 1,
    commands_failed: 0,
    punches: 7,
    health: 'unknown',
    health_changed_at: null,
    poll_interval: 10,
    clock_drift: null,
    backlog_commands: 0,
    backlog_punches: null,
    use: 'attendance',
    protocol: '',
    ...health,
  };
}

export function devicesApi(session: Session, path: string) {
  const { access_token: _a, expires_at: _e, ...info } = session;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === path) {
      return {
        body: {
          data: [
            device(1, new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(), { health: 'online', clock_drift: 90, backlog_commands: 3, backlog_punches: 12 }),
            device(2, '2026-01-01T08:00:00Z'),
            device(3, null),
            // The server's judgement wins over the browser's two-minute rule.
            device(4, new Date(Date.now() - 50_000).toISOString(), { health: 'offline', clock_drift: -1, use: 'access', protocol: 'security' }),
          ],
          meta: { pagination: { total: 4, count: 4, per_page: 20, current_page: 1, total_pages: 1 } },
        },
      };
    }
    return undefined;
  });
}
