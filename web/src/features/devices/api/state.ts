// A device's connection state: the server's health judgement (online or offline, told to the
// admins once per change) when it made one; before that, from its last contact: online when
// the terminal spoke to the server less than two minutes ago (it polls every few seconds),
// offline otherwise.
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

export type DeviceConnection = 'online' | 'offline' | 'never';

export type DeviceHealth = 'online' | 'offline' | 'unknown';

export function deviceConnection(lastSeen: string | null | undefined, now: number = Date.now(), health?: DeviceHealth): DeviceConnection {
  if (health === 'online' || health === 'offline') return health;
  if (!lastSeen) return 'never';
  const seen = Date.parse(lastSeen);
  if (Number.isNaN(seen)) return 'never';
  // A clock slightly ahead of the browser's still counts as just seen.
  return now - seen < ONLINE_WINDOW_MS ? 'online' : 'offline';
}

/** A count the terminal reported, or a dash when it never did. */
export function reported(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : String(n);
}

/** Free space from what the terminal holds and can hold: a dash when either is unknown, never below zero. */
export function freeSpace(count: number | null | undefined, capacity: number | null | undefined): string {
  if (count === null || count === undefined || capacity === null || capacity === undefined) return '—';
  return String(Math.max(0, capacity - count));
}
