import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { axisLabels, labelWidth, TrendChart, type AxisLabel } from './trend-chart';
import { DonutChart } from './donut-chart';
import { i18n, initI18n } from '../../../lib/i18n';

function span(l: AxisLabel): [number, number] {
  const w = labelWidth(l.text);
  return l.anchor === 'start' ? [l.x, l.x + w] : l.anchor === 'end' ? [l.x - w, l.x] : [l.x - w / 2, l.x + w / 2];
}

describe('trend chart axis', () => {
  const dates = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 22 + i)));
  const sets: Record<string, string[]> = {
    en: dates.map((d) => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d)),
    ja: dates.map((d) => new Intl.DateTimeFormat('ja', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d)),
    de: dates.map((d) => new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d)),
  };
  it.each([
    ['narrow phone', 190],
    ['phone', 330],
    ['tablet', 560],
    ['desktop', 480],
    ['wide', 900],
  ])('labels at %s width stay inside the box and never touch', (_name, width) => {
    for (const [lng, texts] of Object.entries(sets)) {
      const left = 28;
      const bw = (width - left - 4) / texts.length;
      const labels = axisLabels(texts, left, bw);
      expect(labels.length, lng).toBeGreaterThanOrEqual(width < 300 ? 2 : 3);
      expect(labels[labels.length - 1].index, `${lng}: the last day is labelled`).toBe(29);
      expect(labels[0].index).toBe(0);
      for (const l of labels) {
        const [a, b] = span(l);
        expect(a, `${lng} ${l.text}`).toBeGreaterThanOrEqual(0);
        expect(b, `${lng} ${l.text}`).toBeLessThanOrEqual(width);
      }
      for (let i = 1; i < labels.length; i++) {
        expect(span(labels[i])[0] - span(labels[i - 1])[1], `${lng} ${labels[i - 1].text} / ${labels[i].text}`).toBeGreaterThanOrEqual(8);
      }
    }
  });
});

describe('donut before the cut-off', () => {
  it('shows the undecided as a slice and a legend row of their own', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <DonutChart
          testId="donut"
          slices={[
            { status: 1, total: 3 },
            { status: 2, total: 0 },
            { status: 0, total: 37 },
          ]}
        />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('donut-count-open').textContent).toBe('37');
    expect(screen.getByTestId('donut-legend-open').textContent).toContain('Not decided yet');
    expect(screen.getByRole('img').querySelectorAll('path').length).toBe(2);
    expect(screen.getByRole('img').textContent).toContain('40');
    // Its text alternative names every count.
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe("Today's attendance: Present 3, Absent 0, Not decided yet 37");
  });
});

describe('chart text alternatives', () => {
  it('gives the trend chart a data table: a row per day, a column per status', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    const totals = (present: number, absent: number) => ({ present, absent, leave: 1, away: 0, holiday: 0, off_day: 0, no_schedule: 4, open: 2, late: 0, early_out: 0 });
    render(
      <I18nextProvider i18n={i18n}>
        <TrendChart testId="trend" days={[{ date: '2026-11-02', totals: totals(10, 1) }, { date: '2026-11-03', totals: totals(9, 3) }]} />
      </I18nextProvider>,
    );
    const table = screen.getByTestId('trend-table');
    const head = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['Present', 'Absent', 'On leave', 'Away', 'Holiday', 'Off day', 'Not decided yet']);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Nov 2', '10', '1', '1', '0', '0', '0', '2'],
      ['Nov 3', '9', '3', '1', '0', '0', '0', '2'],
    ]);
  });
});
