// Attendance status codes of the API (docs/api-attendance.md) with their colour, letter and
// i18n key, so every screen shows a status the same way.

export const STATUS = { open: 0, present: 1, absent: 2, leave: 3, away: 4, holiday: 5, off_day: 6 } as const;
export type StatusCode = (typeof STATUS)[keyof typeof STATUS];
export type StatusName = keyof typeof STATUS;

export interface StatusInfo {
  code: StatusCode;
  name: StatusName;
  /** i18n key in the common namespace. */
  label: string;
  /** antd Tag colour. */
  tag: string;
  /** The colour of charts and grid cells. */
  color: string;
  /** The letter of the monthly grid (the exports use the same letters). */
  letter: string;
}

export const STATUSES: StatusInfo[] = [
  { code: 1, name: 'present', label: 'status.present', tag: 'green', color: '#52c41a', letter: 'P' },
  { code: 2, name: 'absent', label: 'status.absent', tag: 'red', color: '#ff4d4f', letter: 'A' },
  { code: 3, name: 'leave', label: 'status.leave', tag: 'blue', color: '#1677ff', letter: 'L' },
  { code: 4, name: 'away', label: 'status.away', tag: 'purple', color: '#722ed1', letter: 'W' },
  { code: 5, name: 'holiday', label: 'status.holiday', tag: 'gold', color: '#faad14', letter: 'H' },
  { code: 6, name: 'off_day', label: 'status.off_day', tag: 'default', color: '#bfbfbf', letter: 'O' },
  { code: 0, name: 'open', label: 'status.open', tag: 'default', color: '#f0f0f0', letter: '·' },
];

const BY_CODE = new Map<number, StatusInfo>(STATUSES.map((s) => [s.code, s]));

/** The status of a code; unknown codes read as open. */
export function statusInfo(code: number | null | undefined): StatusInfo {
  return BY_CODE.get(code ?? 0) ?? BY_CODE.get(0)!;
}

/** The statuses the dashboards count (1-6), in the API's order. */
export const COUNTED_STATUSES = STATUSES.filter((s) => s.code !== 0);

/** A totals object of the API, as read by the screens. */
export interface StatusTotals {
  present: number;
  absent: number;
  leave: number;
  away: number;
  holiday: number;
  off_day: number;
  open: number;
  late: number;
  early_out: number;
}

/** The count of one status in a totals object. */
export function totalOf(totals: StatusTotals | undefined, code: number): number {
  if (!totals) return 0;
  return totals[statusInfo(code).name] ?? 0;
}
