import { describe, expect, it } from 'vitest';
import { covers, step, viewDays } from './calendar-days';

describe('calendar days', () => {
  it('shows whole weeks from Monday around a month', () => {
    const days = viewDays('month', '2026-12-15');
    expect(days[0]).toBe('2026-11-30'); // a Monday
    expect(days[days.length - 1]).toBe('2027-01-03'); // a Sunday
    expect(days.length % 7).toBe(0);
  });

  it('shows the Monday-to-Sunday week of a date', () => {
    expect(viewDays('week', '2026-12-10')).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']);
  });

  it('steps by month or week and tells what a range covers', () => {
    expect(step('month', '2026-12-15', 1)).toBe('2027-01-15');
    expect(step('week', '2026-12-10', -1)).toBe('2026-12-03');
    expect(covers('2026-12-07', '2026-12-08', '2026-12-08')).toBe(true);
    expect(covers('2026-12-07', '2026-12-08', '2026-12-09')).toBe(false);
  });
});
