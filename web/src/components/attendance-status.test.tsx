import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { StatusLegend, StatusTag } from './attendance-status';
import { COUNTED_STATUSES, STATUSES, statusInfo, totalOf } from '../lib/attendance-status';
import { i18n, initI18n } from '../lib/i18n';

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
    expect(COUNTED_STATUSES.map((s) => s.code)).toEqual([1, 2, 3, 4, 5, 6]);
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
    expect(screen.getAllByTestId(/^legend-/)).toHaveLength(7);
  });
});
