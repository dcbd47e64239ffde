// Attendance status codes of the API (docs/api-attendance.md) with their colour, letter and
// i18n key, so every screen shows a status the same way.

export const STATUS = { open: 0, present: 1, absent: 2, leave: 3, away: 4, holiday: 5, off_day: 6, not_tracked: 7, no_schedule: 8 } as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];
export type StatusName = keyof typeof STATUS;

export interface StatusInfo {
  code: StatusCode;
  name: StatusName;
  /** i18n key in the common namespace. */
  label: string;
  /** antd Tag colour. */
  tag: string;
  /**
   * The colour of charts and grid cells: at least 3:1 against a white and a dark page (so a
   * bar or slice stands out in both themes) and 4.5:1 under its ink (issue 17).
   */
  color: string;
  /** The text colour on `color` (the grid's letter). */
  ink: string;
  /** The letter of the monthly grid (the exports use the same letters). */
  letter: string;
}

export const STATUSES: StatusInfo[] = [
  { code: 1, name: 'present', label: 'status.present', tag: 'green', color: '#3f8600', ink: '#fff', letter: 'P' },
  { code: 2, name: 'absent', label: 'status.absent', tag: 'red', color: '#d9363e', ink: '#fff', letter: 'A' },
  { code: 3, name: 'leave', label: 'status.leave', tag: 'blue', color: '#1668dc', ink: '#fff', letter: 'L' },
  { code: 4, name: 'away', label: 'status.away', tag: 'purple', color: '#9254de', ink: '#fff', letter: 'W' },
  { code: 5, name: 'holiday', label: 'status.holiday', tag: 'gold', color: '#c98000', ink: 'rgba(0,0,0,0.88)', letter: 'H' },
  { code: 6, name: 'off_day', label: 'status.off_day', tag: 'default', color: '#737373', ink: '#fff', letter: 'O' },
  { code: 0, name: 'open', label: 'status.open', tag: 'default', color: '#f0f0f0', ink: 'rgba(0,0,0,0.88)', letter: '·' },
  // Outside the tracking window (issue 13): shown, but counted nowhere (and never charted).
  { code: 7, name: 'not_tracked', label: 'status.not_tracked', tag: 'default', color: '#ffffff', ink: 'rgba(0,0,0,0.88)', letter: '–' },
  // No rule at all for the person (in no group, issue 13): neither off nor absent, counted
  // apart (no_schedule) and never charted; the dashboard counts and lists these people.
  { code: 8, name: 'no_schedule', label: 'status.no_schedule', tag: 'cyan', color: '#08979c', ink: 'rgba(0,0,0,0.88)', letter: 'N' },
];

const BY_CODE = new Map<number, StatusInfo>(STATUSES.map((s) => [s.code, s]));

/** The status of a code; unknown codes read as open. */
export function statusInfo(code: number | null | undefined): StatusInfo {
  return BY_CODE.get(code ?? 0) ?? BY_CODE.get(0)!;
}

/** The statuses the dashboards chart (1-6), in the API's order. */
export const COUNTED_STATUSES = STATUSES.filter((s) => s.code >= 1 && s.code <= 6);

/** The statuses the report tables total: 1-6 and no schedule (8) in a column of its own. */
export const TOTALLED_STATUSES = [...COUNTED_STATUSES, statusInfo(8)];

/** A totals object of the API, as read by the screens. */
export interface StatusTotals {
  present: number;
  absent: number;
  leave: number;
  away: number;
  holiday: number;
  off_day: number;
  /** Days with no rule at all (status 8); absent from servers older than it. */
  no_schedule?: number;
  open: number;
  late: number;
  early_out: number;
}

/** The count of one status in a totals object. */
export function totalOf(totals: StatusTotals | undefined, code: number): number {
  if (!totals) return 0;
  const name = statusInfo(code).name;
  if (name === 'not_tracked') return 0;
  return totals[name] ?? 0;
}
