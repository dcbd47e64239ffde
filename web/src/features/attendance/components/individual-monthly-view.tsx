import { useState } from 'react';
import { Button, Card, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { AttendanceDay, AttendanceFace } from '../api/faces';
import { useSingleMonthly } from '../api/reports';
import { selectionFromParams, selectionToParams, type RangeSelection } from '../api/range-query';
import { ClockDrawer, type ClockTarget } from './clock-drawer';
import { DayFlags } from './day-flags';
import { RangeSelectionPicker } from './range-picker';
import { TotalsSummary } from './totals-summary';
import { useOrgToday } from './use-org-today';
import { StatusTag } from '../../../components/attendance-status';
import { QueryError } from '../../../components/query-error';

/** One person's days over a month or range. */
export function IndividualMonthlyView({ face }: { face: AttendanceFace }) {
  const { t } = useTranslation(['attendance', 'common']);
  const today = useOrgToday();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const sel = selectionFromParams(params, today);
  const query = useSingleMonthly(face, id, sel);
  const [target, setTarget] = useState<ClockTarget | null>(null);
  const select = (s: RangeSelection) => setParams((prev) => selectionToParams(s, prev));

  const columns: TableColumnsType<AttendanceDay> = [
    { title: t('audit.date'), dataIndex: 'date', width: 120 },
    { title: t('individual.weekday'), dataIndex: 'date', width: 120, render: (v: string) => dayjs(v).format('dddd') },
    { title: t('daily.status'), dataIndex: 'status', render: (v: number, d) => <StatusTag status={v} manual={d.manual} /> },
    { title: t('daily.in_time'), dataIndex: 'in_time', render: (v: string) => v || '–' },
    { title: t('daily.last_seen'), dataIndex: 'last_seen', render: (v: string) => v || '–' },
    { title: t('daily.flags'), key: 'flags', render: (_, d) => <DayFlags day={d} /> },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`${face.route}/monthly?${selectionToParams(sel, new URLSearchParams()).toString()}`)}>
          {t('individual.back')}
        </Button>
        <RangeSelectionPicker value={sel} onChange={select} />
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
          <Table<AttendanceDay>
            rowKey="date"
            size="small"
            columns={columns}
            dataSource={query.data?.days ?? []}
            loading={query.isFetching}
            pagination={false}
            onRow={(d) => ({
              onClick: () => query.data && setTarget({ id: query.data.id, name: query.data.name, date: d.date }),
              style: { cursor: 'pointer' },
            })}
          />
        </>
      )}
      <ClockDrawer face={face} target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
