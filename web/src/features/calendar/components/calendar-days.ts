// Date arithmetic of the calendar views, on YYYY-MM-DD strings (the organisation's dates).
import dayjs from 'dayjs';

export type View = 'month' | 'week';

/** The days a view shows around a date: whole weeks from Monday, covering the month or the week. */
export function viewDays(view: View, anchor: string): string[] {
  const a = dayjs(anchor);
  const start = view === 'month' ? a.startOf('month') : a;
  const end = view === 'month' ? a.endOf('month') : a;
  const monday = (d: dayjs.Dayjs) => d.subtract((d.day() + 6) % 7, 'day');
  let d = monday(start);
  const last = monday(end).add(6, 'day');
  const out: string[] = [];
  while (!d.isAfter(last, 'day')) {
    out.push(d.format('YYYY-MM-DD'));
    d = d.add(1, 'day');
  }
  return out;
}

/** The anchor of the previous or next month or week. */
export function step(view: View, anchor: string, by: number): string {
  return dayjs(anchor).add(by, view).format('YYYY-MM-DD');
}

/** Whether [from, to] covers a date. */
export function covers(from: string, to: string, date: string): boolean {
  return from <= date && date <= to;
}
