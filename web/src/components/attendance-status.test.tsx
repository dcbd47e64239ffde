import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { StatusLegend, StatusTag } from './attendance-status';
import { COUNTED_STATUSES, STATUSES, TOTALLED_STATUSES, statusInfo, totalOf } from '../lib/attendance-status';
import { i18n, initI18n } from '../lib/i18n';
import { contrast } from '../lib/contrast';

describe('attendance statuses', () => {
  it('gives every API code its colour and letter', () => {
    const byName = Object.fromEntries(STATUSES.map((s) => [s.name, s]));
    expect(byName.present).toMatchObject({ code: 1, tag: 'green', letter: 'P' });
    expect(byName.absent).toMatchObject({ code: 2, tag: 'red', letter: 'A' });
    expect(byName.leave).toMatchObject({ code: 3, tag: 'blue', letter: 'L' });
    expect(byName.away).toMatchObject({ code: 4, tag: 'purple', letter: 'W' });
    expect(byName.holiday).toMatchObject({ code: 5, tag: 'gold', letter: 'H' });
    expect(byName.off_day).toMatchObject({ code: 6, tag: 'default', letter: 'O' });
    expect(byName.open).toMatchObject({ code: 0, tag: 'default' });
    expect(byName.not_tracked).toMatchObject({ code: 7, letter: '–' });
    expect(byName.no_schedule).toMatchObject({ code: 8, letter: 'N' });
    expect(COUNTED_STATUSES.map((s) => s.code)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(TOTALLED_STATUSES.map((s) => s.code)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it('draws grid and chart colours that keep their contrast in both themes', () => {
    for (const s of STATUSES) {
      // The grid letter on its cell: text, 4.5:1.
      expect(contrast(s.ink, s.color), `${s.name} letter`).toBeGreaterThanOrEqual(4.5);
      // A bar or slice against the light and the dark page: a graphic, 3:1 (open is hatched in
      // charts; not tracked is counted nowhere, so never charted).
      if (s.code === 0 || s.code === 7) continue;
      expect(contrast(s.color, '#ffffff'), `${s.name} on white`).toBeGreaterThanOrEqual(3);
      expect(contrast(s.color, '#141414'), `${s.name} on dark`).toBeGreaterThanOrEqual(3);
    }
  });

  it('tells every status apart without colour: a distinct letter and a distinct name', async () => {
    expect(new Set(STATUSES.map((s) => s.letter)).size).toBe(STATUSES.length);
    await initI18n('en');
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        {STATUSES.map((s) => (
          <StatusTag key={s.code} status={s.code} />
        ))}
        <StatusLegend letters marks />
      </I18nextProvider>,
    );
    const tags = STATUSES.map((s) => screen.getByTestId(`status-${s.name}`).textContent);
    expect(new Set(tags).size).toBe(STATUSES.length);
    const legend = STATUSES.map((s) => screen.getByTestId(`legend-${s.name}`).textContent ?? '');
    expect(new Set(legend).size).toBe(STATUSES.length);
    STATUSES.forEach((s, i) => expect(legend[i].startsWith(`${s.letter} = `)).toBe(true));
  });

  it('reads unknown codes as open and counts totals by code', () => {
    expect(statusInfo(42).name).toBe('open');
    expect(statusInfo(undefined).name).toBe('open');
    const totals = { present: 3, absent: 1, leave: 0, away: 2, holiday: 0, off_day: 5, open: 4, late: 1, early_out: 0 };
    expect(totalOf(totals, 1)).toBe(3);
    expect(totalOf(totals, 4)).toBe(2);
    expect(totalOf(totals, 6)).toBe(5);
    expect(totalOf(totals, 0)).toBe(4);
    expect(totalOf(undefined, 1)).toBe(0);
    // A day outside the tracking window counts in no total.
    expect(totalOf(totals, 7)).toBe(0);
    // No schedule has its own total; a server older than it sends none: 0.
    expect(totalOf(totals, 8)).toBe(0);
    expect(totalOf({ ...totals, no_schedule: 7 }, 8)).toBe(7);
  });

  it('draws a translated tag and a legend of every status', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <StatusTag status={3} manual />
        <StatusLegend letters />
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('status-leave')).textContent).toBe('On leave *');
    expect(screen.getByTestId('status-leave').className).toMatch(/blue/);
    expect((screen.getByTestId('legend-present')).textContent).toBe('P = Present');
    expect(screen.getByTestId('legend-present').className).toMatch(/green/);
    expect(screen.getByTestId('legend-holiday').className).toMatch(/gold/);
    expect(screen.getByTestId('legend-away').className).toMatch(/purple/);
    expect(screen.getByTestId('legend-absent').className).toMatch(/red/);
    expect(screen.getAllByTestId(/^legend-/)).toHaveLength(9);
    expect(screen.getByTestId('legend-not_tracked').textContent).toBe('– = Not tracked');
    expect(screen.getByTestId('legend-no_schedule').textContent).toBe('N = No schedule');
  });
});
