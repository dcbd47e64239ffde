import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { gridCell, MonthlyGrid } from './monthly-grid';
import type { RangeRow } from '../api/faces';
import { i18n, initI18n } from '../../../lib/i18n';
import { LANGUAGES } from '../../../lib/languages';
import { STATUSES } from '../../../lib/attendance-status';
import { StatusLegend } from '../../../components/attendance-status';

type Day = RangeRow['days'][number];
const day = (date: string, status: Day['status'], extra: Partial<Day> = {}): Day => ({
  date,
  status,
  late: false,
  early_out: false,
  missing_out: false,
  in_time: '',
  last_seen: '',
  punches: 0,
  manual: false,
  reason: { code: 'present', params: {} },
  ...extra,
});

describe('monthly grid cells', () => {
  it('draws a letter per status, "+" when late and "*" when set by hand', () => {
    expect(gridCell(day('2026-03-02', 1))).toMatchObject({ text: 'P', background: '#3f8600', label: 'status.present' });
    expect(gridCell(day('2026-03-02', 1, { late: true }))).toMatchObject({ text: 'P+' });
    expect(gridCell(day('2026-03-02', 2, { manual: true }))).toMatchObject({ text: 'A*', background: '#d9363e' });
    expect(gridCell(day('2026-03-02', 3)).text).toBe('L');
    expect(gridCell(day('2026-03-02', 4)).text).toBe('W');
    expect(gridCell(day('2026-03-02', 5)).text).toBe('H');
    expect(gridCell(day('2026-03-02', 6)).text).toBe('O');
    expect(gridCell(undefined)).toMatchObject({ text: '', label: '' });
  });

  it('renders people × days with totals and reports the clicked cell', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    const row: RangeRow = {
      id: 5,
      kind: 'employee',
      code: 'E-1',
      first_name: 'Siti',
      last_name: 'Aminah',
      name: 'Siti Aminah',
      email: '',
      image_url: '',
      days: [day('2026-03-01', 6), day('2026-03-02', 1, { late: true, in_time: '08:10' }), day('2026-03-03', 2), day('2026-03-04', 8)],
      totals: { present: 1, absent: 1, leave: 0, away: 0, holiday: 0, off_day: 1, no_schedule: 1, open: 0, late: 1, early_out: 0 },
    };
    const onCell = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MonthlyGrid rows={[row]} dates={['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']} onCell={onCell} pagination={false} />
      </I18nextProvider>,
    );
    const cell = await screen.findByTestId('cell-E-1-2026-03-02');
    expect(cell.textContent).toBe('P+');
    expect(cell.getAttribute('data-status')).toBe('1');
    expect(screen.getByTestId('cell-E-1-2026-03-03').textContent).toBe('A');
    expect(screen.getByTestId('row-total-E-1-present').textContent).toBe('1');
    expect(screen.getByTestId('row-total-E-1-off_day').textContent).toBe('1');
    // No schedule (issue 13) is its own letter and its own total, not an off day.
    expect(screen.getByTestId('cell-E-1-2026-03-04').textContent).toBe('N');
    expect(screen.getByTestId('cell-E-1-2026-03-04').getAttribute('data-status')).toBe('8');
    expect(screen.getByTestId('row-total-E-1-no_schedule').textContent).toBe('1');
    fireEvent.click(cell);
    expect(onCell).toHaveBeenCalledWith(row, '2026-03-02');
  });

  it('names each cell "person, date, status" and moves between cells with the arrow keys', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    const person = (id: number, code: string, name: string, days: Day[]): RangeRow => ({
      id, kind: 'employee', code, first_name: name, last_name: '', name, email: '', image_url: '', days,
      totals: { present: 0, absent: 0, leave: 0, away: 0, holiday: 0, off_day: 0, no_schedule: 0, open: 0, late: 0, early_out: 0 },
    });
    const rows = [
      person(1, 'A1', 'Siti', [day('2026-03-01', 1, { late: true, reason: null as unknown as Day['reason'] }), day('2026-03-02', 2, { reason: null as unknown as Day['reason'] })]),
      // Ali has no record on the 1st: moving left from his 2nd stays put.
      person(2, 'B2', 'Ali', [day('2026-03-02', 3, { reason: null as unknown as Day['reason'] }), day('2026-03-03', 5, { reason: null as unknown as Day['reason'] })]),
    ];
    const onCell = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MonthlyGrid rows={rows} dates={['2026-03-01', '2026-03-02', '2026-03-03']} onCell={onCell} pagination={false} />
      </I18nextProvider>,
    );
    const first = await screen.findByTestId('cell-A1-2026-03-01');
    expect(first.getAttribute('aria-label')).toBe('Siti, 2026-03-01, Present, Late');
    expect(screen.getByTestId('cell-B2-2026-03-03').getAttribute('aria-label')).toBe('Ali, 2026-03-03, Holiday');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('cell-A1-2026-03-02'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('cell-B2-2026-03-02'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByTestId('cell-B2-2026-03-02'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByTestId('cell-B2-2026-03-03'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByTestId('cell-B2-2026-03-03'));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(onCell).toHaveBeenCalledWith(rows[1], '2026-03-03');
  });
});

describe('monthly grid legend', () => {
  it('explains every mark the grid can show, in every language', async () => {
    // Every cell text the grid can draw: each status, late or not, set by hand or not.
    const marks = new Set<string>();
    for (const s of STATUSES) for (const late of [false, true]) for (const manual of [false, true]) marks.add(gridCell(day('2026-03-02', s.code, { late, manual })).text);
    await initI18n('en');
    for (const lang of LANGUAGES.map((l) => l.code)) {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces(['common']);
      const { unmount } = render(
        <I18nextProvider i18n={i18n}>
          <StatusLegend letters marks />
        </I18nextProvider>,
      );
      const entries = screen.getAllByTestId(/^legend-/).map((el) => el.textContent ?? '');
      // Each entry reads "mark = meaning", translated (no raw i18n key left).
      const explained = new Map(entries.map((e) => [e.slice(0, e.indexOf(' = ')), e.slice(e.indexOf(' = ') + 3)]));
      for (const [mark, meaning] of explained) {
        expect(meaning, `${lang} ${mark}`).toBeTruthy();
        expect(meaning, `${lang} ${mark}`).not.toMatch(/^(status|legend)\./);
      }
      for (const m of marks) {
        const letter = m.replace(/[+*]/g, '');
        expect(explained.has(letter), `${lang}: letter of ${m}`).toBe(true);
        if (m.includes('+')) expect(explained.has('P+'), `${lang}: + of ${m}`).toBe(true);
        if (m.includes('*')) expect(explained.has('*'), `${lang}: * of ${m}`).toBe(true);
      }
      unmount();
    }
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <StatusLegend letters marks />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('legend-late').textContent).toBe('P+ = Present, late');
    expect(screen.getByTestId('legend-manual').textContent).toBe('* = Set by hand (e.g. A*)');
    expect(screen.getByTestId('legend-open').textContent).toBe('· = Not decided yet');
  });
});
