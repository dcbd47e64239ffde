// How a month or a from/to range becomes a request: date_type 1 is the month of `date`,
// anything else a from_date..to_date range (spec §4). Schools have a separate range path.
import type { QueryValue } from '../../../lib/api-client';
import type { AttendanceFace } from './faces';

export type RangeSelection = { dateType: 1; month: string } | { dateType: 2; from: string; to: string };

export interface BuiltRequest {
  path: string;
  query: Record<string, QueryValue>;
}

/** The parameters that select the dates of a range report. */
export function rangeParams(sel: RangeSelection): Record<string, QueryValue> {
  return sel.dateType === 1 ? { date_type: 1, date: sel.month } : { date_type: 2, from_date: sel.from, to_date: sel.to };
}

/** The monthly list request of a selection. */
export function monthlyRequest(face: AttendanceFace, sel: RangeSelection, extra: Record<string, QueryValue> = {}): BuiltRequest {
  if (sel.dateType === 1) return { path: face.api.monthly, query: { date: sel.month, ...extra } };
  if (face.api.monthlyRange) return { path: face.api.monthlyRange, query: { from_date: sel.from, to_date: sel.to, ...extra } };
  return { path: face.api.monthly, query: { ...rangeParams(sel), ...extra } };
}

/** One person's range request. */
export function singleRequest(face: AttendanceFace, personId: number, sel: RangeSelection): BuiltRequest {
  return { path: face.api.monthlySingle, query: { [face.idName]: personId, ...rangeParams(sel) } };
}

/** The monthly export request. */
export function monthlyExportRequest(face: AttendanceFace, sel: RangeSelection, type: 'pdf' | 'xlsx', lang: string): BuiltRequest {
  return { path: face.api.monthlyExport, query: { type, lang, ...rangeParams(sel) } };
}

/** Reads a selection from URL search params (month=YYYY-MM, or dt=2&from=&to=). */
export function selectionFromParams(params: URLSearchParams, today: string): RangeSelection {
  const from = params.get('from');
  const to = params.get('to');
  if (params.get('dt') === '2' && from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    return { dateType: 2, from, to };
  }
  const month = params.get('month');
  return { dateType: 1, month: month && /^\d{4}-\d{2}$/.test(month) ? month : today.slice(0, 7) };
}

/** Writes a selection into URL search params (other params kept). */
export function selectionToParams(sel: RangeSelection, prev: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(prev);
  p.delete('month');
  p.delete('from');
  p.delete('to');
  p.delete('dt');
  if (sel.dateType === 1) p.set('month', sel.month);
  else {
    p.set('dt', '2');
    p.set('from', sel.from);
    p.set('to', sel.to);
  }
  return p;
}

/** Every date of a selection, first to last (the grid's columns). */
export function datesOf(sel: RangeSelection): string[] {
  let start: string;
  let end: string;
  if (sel.dateType === 1) {
    const [y, m] = sel.month.split('-').map(Number);
    start = `${sel.month}-01`;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    end = `${sel.month}-${String(last).padStart(2, '0')}`;
  } else {
    start = sel.from;
    end = sel.to;
  }
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const stop = new Date(`${end}T00:00:00Z`);
  while (d <= stop && out.length < 400) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}
