import { beforeAll, describe, expect, it } from 'vitest';
import { describeReason, type DayReason } from './day-reason';
import { i18n, initI18n } from './i18n';

// Every code the API can send (openapi DayReason.code).
const CODES: DayReason['code'][] = [
  'manual', 'holiday', 'no_schedule', 'rest_day', 'off_day', 'leave', 'away', 'present', 'late', 'early_out', 'late_early_out',
  'missing_out', 'late_missing_out', 'absent', 'absent_after_cut_off', 'half_leave', 'half_away', 'not_decided', 'future',
];
const FULL = { first_punch: '07:01', last_punch: '16:02', time_in: '08:03', time_out: '17:04', cut_off: '10:05', name: 'Deepavali', type: 'Annual', by: 'Aisyah', comment: 'course' };

describe('day reasons', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('attendance'); // loaded on demand since namespaces are lazy
  });

  it('fills the parameters into the sentence', async () => {
    await i18n.changeLanguage('en');
    expect(describeReason(i18n.t, { code: 'late', params: { first_punch: '08:07', time_in: '08:00' } })).toBe('Late: first punch 08:07, time in 08:00');
    expect(describeReason(i18n.t, { code: 'absent', params: { cut_off: '10:00' } })).toBe('Absent: no punch before cut-off 10:00');
    expect(describeReason(i18n.t, { code: 'holiday', params: { name: 'Deepavali' } })).toBe('Holiday: Deepavali');
    expect(describeReason(i18n.t, { code: 'manual', params: {} })).toBe('Set by hand by an administrator: no reason given');
    expect(describeReason(i18n.t, { code: 'late', params: { first_punch: '12:40', time_in: '12:30', session: 'am', type: 'Annual leave' } })).toBe(
      'Late: first punch 12:40, time in 12:30 · half day (morning): Annual leave',
    );
  });

  it.each(['en', 'ms', 'ch', 'es', 'jp', 'de', 'fr'])('has words for every code in %s, with nothing left unfilled', async (lng) => {
    await i18n.changeLanguage(lng);
    await i18n.loadNamespaces('attendance');
    for (const code of CODES) {
      const text = describeReason(i18n.t, { code, params: { ...FULL, session: 'pm' } });
      expect(text, `${lng} ${code}`).not.toMatch(/[{}]|reason\./);
      expect(text.length, `${lng} ${code}`).toBeGreaterThan(5);
    }
  });
});
