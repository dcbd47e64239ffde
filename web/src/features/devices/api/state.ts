// A device's connection state from its last contact: online when the terminal spoke to the
// server less than two minutes ago (it polls every few seconds), offline otherwise.
export const ONLINE_WINDOW_MS = 2 * 60 * 1000;

export type DeviceConnection = 'online' | 'offline' | 'never';

export function deviceConnection(lastSeen: string | null | undefined, now: number = Date.now()): DeviceConnection {
  if (!lastSeen) return 'never';
  const seen = Date.parse(lastSeen);
  if (Number.isNaN(seen)) return 'never';
  // A clock slightly ahead of the browser's still counts as just seen.
  return now - seen < ONLINE_WINDOW_MS ? 'online' : 'offline';
}
