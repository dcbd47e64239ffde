import { describe, expect, it } from 'vitest';
import { scheduleToForm, scheduleToPayload, WEEKDAYS } from './schedule-payload';

describe('schedule payload', () => {
  it('sends only the days with a type, numbered 1 (Monday) to 7 (Sunday)', () => {
    const payload = scheduleToPayload({
      monday: { day_type: 1, time_in: '07:30', time_out: '13:30' },
      tuesday: { day_type: null, time_in: '07:30', time_out: '13:30' },
      wednesday: { day_type: 2 },
      thursday: { day_type: null },
      friday: { day_type: 1, time_in: '08:00' },
      saturday: { day_type: 3 },
      sunday: { day_type: 0 as unknown as null },
    });
    expect(payload).toEqual([
      { id: 1, type: 1, time_in: '07:30', time_out: '13:30' },
      { id: 3, type: 2 },
      { id: 5, type: 1, time_in: '08:00' },
      { id: 6, type: 3 },
    ]);
  });

  it('sends an empty week when no day has a type, and skips missing days', () => {
    expect(scheduleToPayload({})).toEqual([]);
    expect(scheduleToPayload({ sunday: { day_type: 1 } })).toEqual([{ id: 7, type: 1 }]);
  });

  it('round-trips the API days through the form', () => {
    const days = [
      { id: 7, type: 1, time_in: '22:00', time_out: '06:00' },
      { id: 2, type: 2, time_in: '07:30', time_out: '12:00' },
    ];
    const form = scheduleToForm(days);
    expect(Object.keys(form)).toEqual([...WEEKDAYS]);
    expect(form.monday).toEqual({ day_type: null });
    expect(form.sunday).toEqual({ day_type: 1, time_in: '22:00', time_out: '06:00' });
    expect(scheduleToPayload(form)).toEqual([days[1], days[0]]);
  });
});
