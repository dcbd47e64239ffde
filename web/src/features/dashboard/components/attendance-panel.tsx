// One kind's dashboard: headcount, today's totals as a donut (click a status for the list) and
// the 30-day trend.
import { useState } from 'react';
import { Alert, Button, Card, Col, Modal, Row, Space, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboardDaily, useDashboardDetailed, useHeadcount, useTrend, type DailyRow, type DashboardKind } from '../api/dashboard';
import { DonutChart } from './donut-chart';
import { OpenSwatch, TrendChart } from './trend-chart';
import { StatusLegend, StatusTag } from '../../../components/attendance-status';
import { DayReason } from '../../../components/day-reason';
import { QueryError } from '../../../components/query-error';
import { COUNTED_STATUSES, statusInfo } from '../../../lib/attendance-status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchBox } from '../../../components/search-box';

/** Where an admin gives people of a kind a group. */
const GROUP_PAGE: Record<DashboardKind, string> = {
  teacher: '/school/teacher/group',
  staff: '/school/staff/group',
  employee: '/company/employee/group',
};

/** Status 8: the people no rule applies to today (issue 13). */
const NO_SCHEDULE = statusInfo(8).code;

/**
 * Today's people with no schedule, counted apart from the chart (they are neither off nor
 * absent), with a button that lists them.
 */
export function NoScheduleCount({ kind, count, onList }: { kind: DashboardKind; count: number; onList: () => void }) {
  const { t } = useTranslation(['common']);
  return (
    <div style={{ marginTop: 12 }} data-testid={`no-schedule-${kind}`}>
      <Statistic title={t('dashboard.no_schedule')} value={count} />
      {count > 0 && (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={onList} data-testid={`no-schedule-list-${kind}`}>
          {t('dashboard.no_schedule_who')}
        </Button>
      )}
    </div>
  );
}

function DetailedList({ kind, date, status, onClose }: { kind: DashboardKind; date: string; status: number | null; onClose: () => void }) {
  const { t } = useTranslation(['common', 'attendance']);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 200);
  const query = useDashboardDetailed(kind, date, status, page, term.length >= 2 ? term : undefined);
  return (
    <Modal
      open={status !== null}
      onCancel={onClose}
      footer={null}
      width={720}
      title={status !== null ? t('dashboard.detailed_title', { status: t(statusInfo(status).label), kind: t(`dashboard.kinds.${kind}`), date }) : ''}
      destroyOnHidden
    >
      <SearchBox
        allowClear
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        placeholder={t('dashboard.search_first_name')}
        style={{ marginBottom: 12 }}
      />
      {status === NO_SCHEDULE && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="no-schedule-explain"
          title={t('dashboard.no_schedule_explain')}
          description={<Link to={GROUP_PAGE[kind]} data-testid="no-schedule-assign">{t('dashboard.no_schedule_assign')}</Link>}
        />
      )}
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<DailyRow>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.data ?? []}
          data-testid="dashboard-detailed"
          columns={[
            { title: t('dashboard.code'), dataIndex: 'code', width: 110 },
            { title: t('dashboard.name'), dataIndex: 'name', render: (v: string) => <span data-testid="detailed-name">{v}</span> },
            { title: t('dashboard.status'), dataIndex: 'status', width: 120, render: (v: number) => <StatusTag status={v} /> },
            { title: t('dashboard.in_time'), dataIndex: 'in_time', width: 90, render: (v: string, r) => (<>{v || '–'}{r.late && <Tag color="orange" style={{ marginLeft: 4 }}>+</Tag>}</>) },
            { title: t('attendance:daily.reason'), key: 'reason', render: (_, r) => <DayReason reason={r.reason} secondary /> },
          ]}
          pagination={{ current: page, pageSize: 10, total: query.data?.meta.pagination.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      )}
    </Modal>
  );
}

export function AttendancePanel({ kind, date }: { kind: DashboardKind; date: string }) {
  const { t } = useTranslation(['common']);
  const headcount = useHeadcount(kind);
  const daily = useDashboardDaily(kind, date);
  const trend = useTrend(kind, date);
  const [picked, setPicked] = useState<number | null>(null);
  const slices = COUNTED_STATUSES.map((s) => ({ status: s.code, total: daily.data?.data.find((d) => d.status === s.code)?.total ?? 0 }));
  const open = daily.data?.totals.open ?? 0;
  const pending = daily.data?.pending ?? [];
  // Before the cut-off the undecided are a slice of their own (clickable: who is still to come).
  if (open > 0) slices.push({ status: 0, total: open });
  return (
    <Row gutter={[16, 16]} data-testid={`dashboard-${kind}`}>
      <Col xs={24} md={6}>
        <Card>
          <Statistic title={t(`dashboard.headcount.${kind}`)} value={headcount.data ?? 0} loading={headcount.isLoading} data-testid={`headcount-${kind}`} />
          <div style={{ marginTop: 12 }}>
            <Statistic title={t('dashboard.open')} value={daily.data?.totals.open ?? 0} />
          </div>
          <div style={{ marginTop: 12 }}>
            <Statistic title={t('dashboard.late')} value={daily.data?.totals.late ?? 0} />
          </div>
          <NoScheduleCount kind={kind} count={daily.data?.totals.no_schedule ?? 0} onList={() => setPicked(NO_SCHEDULE)} />
        </Card>
      </Col>
      <Col xs={24} md={18} xl={8}>
        <Card title={t('dashboard.today_of', { kind: t(`dashboard.kinds.${kind}`) })}>
          {daily.isError ? (
            <QueryError error={daily.error} onRetry={() => daily.refetch()} />
          ) : (
            <>
              {pending.length > 0 && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  data-testid={`pending-${kind}`}
                  title={`${t('dashboard.open')}: ${pending.reduce((n, p) => n + p.count, 0)}`}
                  description={
                    <>
                      <div>{pending.map((p) => t('dashboard.pending_cut_off', { cut_off: p.cut_off, count: p.count })).join(' · ')}</div>
                      <div>{t('dashboard.pending_explain')}</div>
                    </>
                  }
                />
              )}
              <DonutChart slices={slices} onPick={setPicked} testId={`donut-${kind}`} />
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('dashboard.trend')}>
          {trend.isError ? <QueryError error={trend.error} onRetry={() => trend.refetch()} /> : <TrendChart days={trend.data ?? []} testId={`trend-${kind}`} />}
          <Space wrap size={[12, 4]} style={{ marginTop: 8 }}>
            <StatusLegend only={[1, 2, 3, 4, 5, 6]} />
            <Space size={4}>
              <OpenSwatch />
              {t('dashboard.open')}
            </Space>
          </Space>
        </Card>
      </Col>
      <DetailedList kind={kind} date={date} status={picked} onClose={() => setPicked(null)} />
    </Row>
  );
}
