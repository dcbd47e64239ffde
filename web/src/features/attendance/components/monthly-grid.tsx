// People × days: a coloured letter per day (P A L W H O, "·" not decided yet; "+" when late, "*" when set by hand; the legend explains each), totals on the right.
import { Table, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay, RangeRow } from '../api/faces';
import { TOTALLED_STATUSES, statusInfo, totalOf } from '../../../lib/attendance-status';
import { describeReason } from '../../../lib/day-reason';
import { OvertimeGridCell } from './overtime';

export interface GridCell {
  text: string;
  background: string;
  color: string;
  /** i18n key of the status (common namespace). */
  label: string;
}

/** How one day is drawn in the grid. A missing day is an empty cell. */
export function gridCell(day: Pick<AttendanceDay, 'status' | 'late' | 'manual'> | undefined): GridCell {
  if (!day) return { text: '', background: 'transparent', color: 'inherit', label: '' };
  const s = statusInfo(day.status);
  return {
    text: `${s.letter}${day.late ? '+' : ''}${day.manual ? '*' : ''}`,
    background: s.color,
    color: s.ink,
    label: s.label,
  };
}

const STEPS: Record<string, [number, number]> = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * Arrow keys move between the grid's day cells (skipping days without a record), so the
 * month can be read cell by cell from the keyboard.
 */
export function moveInGrid(e: React.KeyboardEvent<HTMLElement>, row: number, col: number) {
  const step = STEPS[e.key];
  const grid = e.currentTarget.closest('[data-testid="monthly-grid"]');
  if (!step || !grid) return;
  e.preventDefault();
  for (let r = row + step[0], c = col + step[1], n = 0; n < 400; r += step[0], c += step[1], n++) {
    if (r < 0 || c < 0) return;
    const next = grid.querySelector<HTMLElement>(`[data-grid-row="${r}"][data-grid-col="${c}"]`);
    if (next) {
      next.focus();
      return;
    }
    if (!grid.querySelector(`[data-grid-row="${r}"]`) && step[0] !== 0) return;
  }
}

export function MonthlyGrid({
  rows,
  dates,
  loading,
  onCell,
  onPerson,
  pagination,
}: {
  rows: RangeRow[];
  dates: string[];
  loading?: boolean;
  onCell: (row: RangeRow, date: string) => void;
  onPerson?: (row: RangeRow) => void;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}) {
  const { t } = useTranslation(['attendance', 'common']);
  const columns: TableColumnsType<RangeRow> = [
    { title: t('fields.code'), dataIndex: 'code', width: 90, fixed: 'left' },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      render: (v: string, r) =>
        onPerson ? (
          <a onClick={() => onPerson(r)} data-testid="monthly-person">
            {v}
          </a>
        ) : (
          v
        ),
    },
    ...dates.map((date, col) => ({
      key: date,
      title: <span title={date}>{Number(date.slice(8))}</span>,
      width: 40,
      align: 'center' as const,
      onHeaderCell: () => ({ style: { padding: '6px 2px', whiteSpace: 'nowrap' as const } }),
      onCell: () => ({ style: { padding: 2 } }),
      render: (_: unknown, r: RangeRow, row: number) => {
        const day = r.days.find((d) => d.date === date);
        const c = gridCell(day);
        if (!day) return null;
        // What a screen reader says on the cell: person, date, status (and its marks).
        const said = [r.name, date, day.reason ? describeReason(t, day.reason) : t(`common:${c.label}`)];
        if (day.late) said.push(t('daily.late'));
        if (day.manual) said.push(t('common:legend.manual'));
        return (
          <Tooltip title={`${date} · ${day.reason ? describeReason(t, day.reason) : t(`common:${c.label}`)}`}>
            <div
              role="button"
              tabIndex={0}
              onClick={() => onCell(r, date)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onCell(r, date);
                } else moveInGrid(e, row, col);
              }}
              aria-label={said.join(', ')}
              data-grid-row={row}
              data-grid-col={col}
              data-testid={`cell-${r.code}-${date}`}
              data-status={day.status}
              style={{ background: c.background, color: c.color, borderRadius: 3, cursor: 'pointer', fontSize: 12, lineHeight: '22px' }}
            >
              {c.text}
            </div>
          </Tooltip>
        );
      },
    })),
    ...TOTALLED_STATUSES.map((s) => ({
      key: `total-${s.name}`,
      title: <Tooltip title={t(`common:${s.label}`)}>{s.letter}</Tooltip>,
      width: 44,
      align: 'center' as const,
      render: (_: unknown, r: RangeRow) => <span data-testid={`row-total-${r.code}-${s.name}`}>{totalOf(r.totals, s.code)}</span>,
    })),
    { key: 'late', title: <Tooltip title={t('daily.late')}>+</Tooltip>, width: 44, align: 'center', render: (_, r) => r.totals.late },
    {
      key: 'overtime',
      title: <Tooltip title={t('overtime.grid_tip')}>{t('overtime.grid')}</Tooltip>,
      width: 96,
      align: 'center',
      render: (_, r) => (
        <span data-testid={`row-total-${r.code}-overtime`}>
          <OvertimeGridCell totals={r.totals} />
        </span>
      ),
    },
  ];
  return (
    <Table<RangeRow>
      rowKey="id"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 270 + dates.length * 40 + 7 * 44 + 96 }}
      data-testid="monthly-grid"
    />
  );
}
