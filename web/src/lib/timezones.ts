// IANA time zones for the time-zone selects.
export const FALLBACK_TIMEZONE = 'Asia/Kuala_Lumpur';

export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.length ? zones : [FALLBACK_TIMEZONE, 'UTC'];
}

/** The browser's zone when it is a named region, otherwise Asia/Kuala_Lumpur. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone.includes('/') && timeZones().includes(zone)) return zone;
  } catch {
    // Older browsers without resolvedOptions().timeZone fall through.
  }
  return FALLBACK_TIMEZONE;
}

export function timeZoneOptions() {
  return timeZones().map((z) => ({ value: z, label: z }));
}
