// How the devices list shows a terminal's health (issue 14): its last contact as a relative
// time, its clock's drift and its backlog, in the reader's language (Intl does the units and
// the "ago"; the sentences are translation keys).
import type { TFunction } from 'i18next';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "in 2 seconds" (a server clock a little ahead), "now"; '' when never seen. */
export function relativeContact(lastSeen: string | null | undefined, now: number, locale: string): string {
  if (!lastSeen) return '';
  const at = Date.parse(lastSeen);
  if (Number.isNaN(at)) return '';
  const secs = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(secs) >= size) return rtf.format(Math.trunc(secs / size), unit);
  }
  return rtf.format(secs, 'second');
}

/** Within this many seconds a clock counts as right (punch stamps are whole seconds). */
export const DRIFT_OK_SECONDS = 2;
/** From this many seconds on the drift is shown as a warning. */
export const DRIFT_WARN_SECONDS = 60;

/** An amount of seconds in the largest unit that keeps it readable: "90 sec", "5 min", "2 hr". */
function duration(secs: number, locale: string): string {
  const [unit, size]: [string, number] = secs >= 7_200 ? ['hour', 3_600] : secs >= 120 ? ['minute', 60] : ['second', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(Math.round(secs / size));
}

/** The drift as a sentence: "90 sec ahead", "5 min behind", "On time"; a dash before any measurement. */
export function driftText(t: TFunction, drift: number | null | undefined, locale: string): string {
  if (drift === null || drift === undefined) return '—';
  if (Math.abs(drift) <= DRIFT_OK_SECONDS) return t('devices:health.drift_ok');
  const value = duration(Math.abs(drift), locale);
  return drift > 0 ? t('devices:health.drift_ahead', { value }) : t('devices:health.drift_behind', { value });
}

/** The backlog: commands waiting for the terminal and punches it still holds (a dash when unknown). */
export function backlogText(t: TFunction, commands: number, punches: number | null | undefined): string {
  return t('devices:health.backlog_value', { commands, punches: punches === null || punches === undefined ? '—' : punches });
}
