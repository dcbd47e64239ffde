import { Button, Card, DatePicker, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { AttendanceFace, Totals, YearRow } from '../api/faces';
import { ATTENDANCE_PAGE_SIZE, useYearIndividual, useYearly } from '../api/reports';
import { AttendanceExportButtons } from './export-buttons';
import { TotalsSummary } from './totals-summary';
import { useOrgToday } from './use-org-today';
import { QueryError } from '../../../components/query-error';
import { TOTALLED_STATUSES, totalOf } from '../../../lib/attendance-status';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { SearchBox } from '../../../components/search-box';

function useYearParam(): [string, (y: string) => void] {
  const today = useOrgToday();
  const [params, setParams] = useSearchParams();
  const raw = params.get('year');
  const year = raw && /^\d{4}$/.test(raw) ? raw : today.slice(0, 4);
  const set = (y: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('year', y);
      p.delete('page');
      return p;
    });
  return [year, set];
}

function YearPicker({ year, onChange }: { year: string; onChange: (y: string) => void }) {
  return (
    <DatePicker
      picker="year"
      allowClear={false}
      value={dayjs(`${year}-01-01`)}
      onChange={(d) => d && onChange(d.format('YYYY'))}
      data-testid="yearly-year"
    />
  );
}

function totalColumns<T extends { totals: Totals }>(t: (k: string) => string): TableColumnsType<T> {
  return TOTALLED_STATUSES.map((s) => ({
    key: `total-${s.name}`,
    title: t(`common:${s.label}`),
    width: 90,
    align: 'center' as const,
    render: (_: unknown, r: T) => totalOf(r.totals, s.code),
  }));
}

/** People × months with the present count per month and the year's totals. */
export function YearlyView({ face }: { face: AttendanceFace }) {
  const { t } = useTranslation(['attendance', 'common']);
  const navigate = useNavigate();
  const [year, setYear] = useYearParam();
  const { list, search, setSearch } = useQuickSearchList(ATTENDANCE_PAGE_SIZE);
  const query = useYearly(face, year, list.page, list.size, list.q || undefined);

  const columns: TableColumnsType<YearRow> = [
    { title: t('fields.code'), dataIndex: 'code', width: 90, fixed: 'left' },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      render: (v: string, r) => (
        <a onClick={() => navigate(`${face.route}/yearly/individual?id=${r.id}&year=${year}`)} data-testid="yearly-person">
          {v}
        </a>
      ),
    },
    ...Array.from({ length: 12 }, (_, i) => ({
      key: `m${i}`,
      title: dayjs(`${year}-${String(i + 1).padStart(2, '0')}-01`).format('MMM'),
      width: 56,
      align: 'center' as const,
      render: (_: unknown, r: YearRow) => r.months[i]?.totals.present ?? 0,
    })),
    ...totalColumns<YearRow>(t),
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <YearPicker year={year} onChange={setYear} />
          <SearchBox
            allowClear
            placeholder={t('daily.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="yearly-search"
          />
        </Space>
        <AttendanceExportButtons face={face} spec={{ view: 'yearly', year }} />
      </Space>
      <Typography.Paragraph type="secondary">{t('yearly.hint')}</Typography.Paragraph>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<YearRow>
          rowKey="id"
          size="small"
          bordered
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          scroll={{ x: 270 + 12 * 56 + 6 * 90 }}
          data-testid="yearly-table"
          pagination={{
            current: list.page,
            pageSize: list.size,
            total: query.data?.meta.pagination.total ?? 0,
            onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
          }}
        />
      )}
    </Card>
  );
}

/** One person's year: a row per month with its totals. */
export function IndividualYearlyView({ face }: { face: AttendanceFace }) {
  const { t } = useTranslation(['attendance', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [year, setYear] = useYearParam();
  const query = useYearIndividual(face, id, year);
  type MonthRow = YearRow['months'][number];
  const columns: TableColumnsType<MonthRow> = [
    { title: t('yearly.month'), dataIndex: 'month', width: 140, render: (v: string) => dayjs(`${v}-01`).format('MMMM YYYY') },
    ...totalColumns<MonthRow>(t),
    { key: 'late', title: t('daily.late'), width: 90, align: 'center', render: (_, m) => m.totals.late },
  ];
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`${face.route}/yearly?year=${year}`)}>
          {t('individual.back')}
        </Button>
        <YearPicker year={year} onChange={setYear} />
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <Typography.Title level={4} data-testid="individual-name">
            {query.data ? `${query.data.name} (${query.data.code})` : ''}
          </Typography.Title>
          <div style={{ marginBottom: 16 }}>
            <TotalsSummary totals={query.data?.totals} />
          </div>
          <Table<MonthRow> rowKey="month" size="small" columns={columns} dataSource={query.data?.months ?? []} loading={query.isFetching} pagination={false} />
        </>
      )}
    </Card>
  );
}
