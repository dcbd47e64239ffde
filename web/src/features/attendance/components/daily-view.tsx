// The daily list: date, status filter, quick search, a row per person, totals, clock drawer.
import { useState } from 'react';
import { Card, DatePicker, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { AttendanceFace, DailyRow } from '../api/faces';
import { ATTENDANCE_PAGE_SIZE, useDaily } from '../api/reports';
import { AttendanceExportButtons } from './export-buttons';
import { ClockDrawer, type ClockTarget } from './clock-drawer';
import { DayFlags } from './day-flags';
import { OvertimeCell } from './overtime';
import { TotalsSummary } from './totals-summary';
import { useOrgToday } from './use-org-today';
import { StatusLegend, StatusTag } from '../../../components/attendance-status';
import { DayReason } from '../../../components/day-reason';
import { QueryError } from '../../../components/query-error';
import { STATUSES } from '../../../lib/attendance-status';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { SearchBox } from '../../../components/search-box';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function DailyView({ face }: { face: AttendanceFace }) {
  const { t } = useTranslation(['attendance', 'common']);
  const today = useOrgToday();
  const [params, setParams] = useSearchParams();
  const { list, search, setSearch } = useQuickSearchList(ATTENDANCE_PAGE_SIZE);
  const rawDate = params.get('date');
  const date = rawDate && DATE_RE.test(rawDate) ? rawDate : today;
  const status = params.get('status') ?? '';
  const query = useDaily(face, { date, status: status || undefined, base: list.q || undefined, page: list.page, size: list.size });
  const [target, setTarget] = useState<ClockTarget | null>(null);

  const setParam = (name: string, value: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (value) p.set(name, value);
      else p.delete(name);
      p.delete('page');
      return p;
    });

  const columns: ListColumn<DailyRow>[] = [
    { title: t('fields.code'), dataIndex: 'code', key: 'code' },
    { title: t('fields.name'), dataIndex: 'name', key: 'name', primary: true, render: (v: string) => <span data-testid="daily-name">{v}</span> },
    {
      title: t('daily.status'),
      dataIndex: 'status',
      key: 'status',
      render: (_, r) => (
        <Space size={4}>
          <StatusTag status={r.status} />
          {r.manual && <Tag color="orange" data-testid="daily-manual">{t('daily.manual')}</Tag>}
        </Space>
      ),
    },
    { title: t('daily.in_time'), dataIndex: 'in_time', key: 'in_time', render: (v: string) => v || '–' },
    { title: t('daily.last_seen'), dataIndex: 'last_seen', key: 'last_seen', render: (v: string) => v || '–' },
    { title: t('daily.flags'), key: 'flags', render: (_, r) => <DayFlags day={r} /> },
    { title: t('overtime.column'), key: 'overtime', render: (_, r) => <OvertimeCell day={r} /> },
    { title: t('daily.reason'), key: 'reason', long: true, render: (_, r) => <DayReason reason={r.reason} secondary /> },
    { title: t('daily.punches'), dataIndex: 'punches', key: 'punches' },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <DatePicker
            allowClear={false}
            value={dayjs(date)}
            onChange={(d) => d && setParam('date', d.format('YYYY-MM-DD') === today ? '' : d.format('YYYY-MM-DD'))}
            data-testid="daily-date"
          />
          <Select
            style={{ width: 170 }}
            value={status}
            onChange={(v: string) => setParam('status', v)}
            aria-label={t('daily.status')}
            data-testid="daily-status-filter"
            options={[
              { value: '', label: t('daily.all_statuses') },
              ...STATUSES.map((s) => ({ value: String(s.code), label: t(`common:${s.label}`) })),
            ]}
          />
          <SearchBox
            allowClear
            placeholder={t('daily.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="daily-search"
          />
        </Space>
        <AttendanceExportButtons face={face} spec={{ view: 'daily', date, status: status || undefined }} />
      </Space>
      <div style={{ marginBottom: 16 }}>
        <TotalsSummary totals={query.data?.totals} />
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <ResponsiveTable<DailyRow>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          data-testid="daily-table"
          onRow={(r) => ({ onClick: () => setTarget({ id: r.id, name: r.name, date }), style: { cursor: 'pointer' } })}
          pagination={{
            current: list.page,
            pageSize: list.size,
            total: query.data?.meta.pagination.total ?? 0,
            onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
          }}
          scroll={{ x: 1080 }}
        />
      )}
      <div style={{ marginTop: 8 }}>
        <StatusLegend />
      </div>
      <ClockDrawer face={face} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
