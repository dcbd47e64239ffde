import { useState } from 'react';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AttendanceFace } from '../api/faces';
import { ATTENDANCE_PAGE_SIZE, useMonthly } from '../api/reports';
import { datesOf, selectionFromParams, selectionToParams, type RangeSelection } from '../api/range-query';
import { AttendanceExportButtons } from './export-buttons';
import { ClockDrawer, type ClockTarget } from './clock-drawer';
import { MonthlyGrid } from './monthly-grid';
import { RangeSelectionPicker } from './range-picker';
import { useOrgToday } from './use-org-today';
import { StatusLegend } from '../../../components/attendance-status';
import { QueryError } from '../../../components/query-error';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { SearchBox } from '../../../components/search-box';

export function MonthlyView({ face }: { face: AttendanceFace }) {
  const { t } = useTranslation(['attendance']);
  const today = useOrgToday();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { list, search, setSearch } = useQuickSearchList(ATTENDANCE_PAGE_SIZE);
  const sel = selectionFromParams(params, today);
  const query = useMonthly(face, sel, list.page, list.size, list.q || undefined);
  const [target, setTarget] = useState<ClockTarget | null>(null);

  const select = (s: RangeSelection) =>
    setParams((prev) => {
      const p = selectionToParams(s, prev);
      p.delete('page');
      return p;
    });

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <RangeSelectionPicker value={sel} onChange={select} />
          <SearchBox
            allowClear
            placeholder={t('daily.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="monthly-search"
          />
        </Space>
        <AttendanceExportButtons face={face} spec={{ view: 'monthly', sel }} />
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <MonthlyGrid
          rows={query.data?.data ?? []}
          dates={datesOf(sel)}
          loading={query.isFetching}
          onCell={(r, date) => setTarget({ id: r.id, name: r.name, date })}
          onPerson={(r) => {
            const p = selectionToParams(sel, new URLSearchParams());
            p.set('id', String(r.id));
            navigate(`${face.route}/monthly/individual?${p.toString()}`);
          }}
          pagination={{
            current: list.page,
            pageSize: list.size,
            total: query.data?.meta.pagination.total ?? 0,
            onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
          }}
        />
      )}
      <div style={{ marginTop: 8 }}>
        <StatusLegend letters marks />
      </div>
      <ClockDrawer face={face} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
