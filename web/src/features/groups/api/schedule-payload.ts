// The schedule form holds the seven days by name with a day type and times; the payload lists
// only the days with a type, as {id: 1..7 (Monday..Sunday), type, time_in?, time_out?}.
import type { ScheduleDay } from './faces';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Day types of the API: 1 working day, 2 half day, 3 rest day; null = not scheduled. */
export const DAY_TYPES = [
  { value: 1, key: 'working' },
  { value: 2, key: 'half' },
  { value: 3, key: 'rest' },
] as const;

export interface ScheduleFormDay {
  day_type: number | null;
  time_in?: string;
  time_out?: string;
}

export type ScheduleForm = Record<Weekday, ScheduleFormDay>;

/** The form's days from the API's list (days without a type are not scheduled). */
export function scheduleToForm(days: ScheduleDay[]): ScheduleForm {
  const out = {} as ScheduleForm;
  WEEKDAYS.forEach((name, i) => {
    const d = days.find((x) => x.id === i + 1);
    out[name] = d && d.type ? { day_type: d.type, time_in: d.time_in, time_out: d.time_out } : { day_type: null };
  });
  return out;
}

/** The days to send: only typed days, with their times when given. */
export function scheduleToPayload(form: Partial<ScheduleForm>): ScheduleDay[] {
  const out: ScheduleDay[] = [];
  WEEKDAYS.forEach((name, i) => {
    const d = form[name];
    if (!d || !d.day_type) return;
    const day: ScheduleDay = { id: i + 1, type: d.day_type };
    if (d.time_in) day.time_in = d.time_in;
    if (d.time_out) day.time_out = d.time_out;
    out.push(day);
  });
  return out;
}
