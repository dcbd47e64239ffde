// iBeacon identifiers: a UUID (8-4-4-4-12 hexadecimal digits) with a major and a minor number
// (0-65535), shown together as uuid:major:minor.
export const BEACON_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BEACON_NUMBER_MAX = 65535;

export function isBeaconUuid(value: string | undefined | null): boolean {
  return BEACON_UUID.test((value ?? '').trim());
}

/** The UUID as the server stores it: trimmed and lower case. */
export function normaliseBeaconUuid(value: string): string {
  return value.trim().toLowerCase();
}

export function isBeaconNumber(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= BEACON_NUMBER_MAX;
}

export function beaconIdentifier(b: { uuid: string; major: number; minor: number }): string {
  return `${b.uuid}:${b.major}:${b.minor}`;
}
