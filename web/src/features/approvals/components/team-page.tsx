// "My team": a manager's direct reports and their attendance on a day (today by default), and
// for one of them a month of attendance, their leave applications and attendance-correction
// requests with each one's timeline (issue 12). What waits for the manager is decided on
// "Waiting for me".
import { useState } from 'react';
import { Button, Card, DatePicker, Drawer, Space, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import {
  useTeam,
  useTeamDay,
  useTeamLeave,
  useTeamMonth,
  useTeamRequests,
  type CorrectionRequest,
  type TeamApplication,
  type TeamDay,
  type TeamMember,
} from '../api/approvals';
import { AttachmentLink } from './attachment-link';
import { TimelineList } from './timeline-list';

const STATE_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' };
const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'red', 3: 'blue', 4: 'purple', 5: 'cyan', 6: 'default' };

type Day = Pick<TeamDay, 'date' | 'status' | 'late' | 'early_out' | 'in_time' | 'last_seen'>;

/** A day's status as a tag, with "late" / "left early" beside it. */
function StatusTag({ day }: { day: Day }) {
  const { t } = useTranslation('approvals');
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[day.status]} data-testid="team-status" data-status={day.status}>
        {t(`statuses.${day.status}`)}
      </Tag>
      {day.late && <Tag color="orange">{t('team.late')}</Tag>}
      {day.early_out && <Tag color="orange">{t('team.early_out')}</Tag>}
    </Space>
  );
}

const times = (d: Day) => (d.in_time ? (d.last_seen && d.last_seen !== d.in_time ? `${d.in_time} – ${d.last_seen}` : d.in_time) : '—');

/** The team's attendance on one day, today by default. */
function TeamDayTable({ onOpen }: { onOpen: (m: TeamMember) => void }) {
  const { t } = useTranslation(['approvals', 'common']);
  const [date, setDate] = useState<Dayjs | null>(null);
  const day = useTeamDay(date ? date.format('YYYY-MM-DD') : undefined);
  const columns: ListColumn<TeamDay>[] = [
    { title: t('fields.person'), dataIndex: 'name', key: 'name', primary: true },
    { title: t('fields.status'), key: 'status', render: (_, d) => <StatusTag day={d} /> },
    { title: t('team.times'), key: 'times', render: (_, d) => times(d) },
    {
      title: t('common:actions.actions'),
      key: 'actions',
      actions: true,
      render: (_, d) => (
        <Button size="small" onClick={() => onOpen({ id: d.id, code: d.code, name: d.name })}>
          {t('team.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker
          value={date}
          onChange={setDate}
          allowClear
          placeholder={t('team.today')}
          aria-label={t('fields.date')}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          data-testid="team-day-date"
        />
      </Space>
      {day.isError ? (
        <QueryError error={day.error} onRetry={() => day.refetch()} />
      ) : (
        <ResponsiveTable<TeamDay>
          rowKey="id"
          columns={columns}
          dataSource={day.data ?? []}
          loading={day.isFetching}
          pagination={false}
          data-testid="team-day"
        />
      )}
    </>
  );
}

/** One report's month of attendance. */
function MonthTab({ member }: { member: TeamMember }) {
  const { t } = useTranslation(['approvals', 'common']);
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const q = useTeamMonth(member.id, month.format('YYYY-MM'));
  const columns: ListColumn<Day>[] = [
    { title: t('fields.date'), dataIndex: 'date', key: 'date', primary: true },
    { title: t('fields.status'), key: 'status', render: (_, d) => <StatusTag day={d} /> },
    { title: t('team.times'), key: 'times', render: (_, d) => times(d) },
  ];
  return (
    <>
      <DatePicker
        picker="month"
        value={month}
        allowClear={false}
        onChange={(v) => v && setMonth(v)}
        aria-label={t('team.month')}
        style={{ marginBottom: 12 }}
        data-testid="team-month-picker"
      />
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <ResponsiveTable<Day> rowKey="date" columns={columns} dataSource={q.data?.days ?? []} loading={q.isFetching} pagination={false} data-testid="team-month" />
      )}
    </>
  );
}

function MemberDrawer({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation(['approvals', 'common']);
  const leave = useTeamLeave(member?.id);
  const requests = useTeamRequests(member?.id);
  const leaveCols: ListColumn<TeamApplication>[] = [
    { title: t('team.type'), dataIndex: 'leave_type', key: 'type', primary: true },
    { title: t('fields.date'), key: 'dates', render: (_, a) => (a.from_date === a.to_date ? a.from_date : `${a.from_date} – ${a.to_date}`) },
    { title: t('fields.state'), dataIndex: 'status', key: 'status', render: (v: string) => <Tag color={STATE_COLORS[v]}>{t(`team.statuses.${v}`)}</Tag> },
  ];
  const requestCols: ListColumn<CorrectionRequest>[] = [
    { title: t('fields.date'), dataIndex: 'date', key: 'date', primary: true },
    { title: t('fields.correction'), key: 'what', render: (_, r) => `${t(`types.${r.type}`)} ${r.type === 'status' ? t(`statuses.${r.status}`) : r.time}` },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (v: string) => <Tag color={STATE_COLORS[v]}>{t(`states.${v}`)}</Tag> },
  ];
  return (
    <Drawer open={!!member} onClose={onClose} title={member?.name} size="large" destroyOnHidden>
      {/* Small tabs with a narrow gutter: the three fit at 390 px, so antd adds no "more" button
          to the tab list (a button there is not a tab, an accessibility fault). */}
      <Tabs
        size="small"
        tabBarGutter={16}
        items={[
          { key: 'month', label: t('team.attendance'), children: member ? <MonthTab member={member} /> : null },
          {
            key: 'leave',
            label: t('team.leave'),
            children: leave.isError ? (
              <QueryError error={leave.error} onRetry={() => leave.refetch()} />
            ) : (
              <ResponsiveTable<TeamApplication>
                rowKey="id"
                columns={leaveCols}
                dataSource={leave.data ?? []}
                loading={leave.isFetching}
                pagination={false}
                expandable={{ expandedRowRender: (a) => <TimelineList steps={a.timeline ?? []} />, rowExpandable: (a) => !!a.timeline?.length }}
              />
            ),
          },
          {
            key: 'requests',
            label: t('team.requests'),
            children: requests.isError ? (
              <QueryError error={requests.error} onRetry={() => requests.refetch()} />
            ) : (
              <ResponsiveTable<CorrectionRequest>
                rowKey="id"
                columns={requestCols}
                dataSource={requests.data ?? []}
                loading={requests.isFetching}
                pagination={false}
                expandable={{
                  expandedRowRender: (r) => (
                    <>
                      <AttachmentLink url={r.attachment_url} name={r.attachment_name} />
                      <TimelineList steps={r.timeline} />
                    </>
                  ),
                  rowExpandable: (r) => r.timeline.length > 0 || !!r.attachment_url,
                }}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

export default function TeamPage() {
  const { t } = useTranslation(['approvals', 'common']);
  const team = useTeam();
  const [open, setOpen] = useState<TeamMember | null>(null);
  const columns: ListColumn<TeamMember>[] = [
    { title: t('fields.person'), dataIndex: 'name', key: 'name', primary: true },
    { title: t('team.code'), dataIndex: 'code', key: 'code' },
    {
      title: t('common:actions.actions'),
      key: 'actions',
      actions: true,
      render: (_, m) => (
        <Button size="small" onClick={() => setOpen(m)} data-testid={`team-open-${m.id}`}>
          {t('team.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('team.title')} extra={<Link to="/approvals">{t('menu.waiting')}</Link>} />
      <Card>
        <Tabs
          items={[
            {
              key: 'people',
              label: t('team.people'),
              children: team.isError ? (
                <QueryError error={team.error} onRetry={() => team.refetch()} />
              ) : (
                <ResponsiveTable<TeamMember>
                  rowKey="id"
                  columns={columns}
                  dataSource={team.data ?? []}
                  loading={team.isFetching}
                  pagination={false}
                  data-testid="team-list"
                />
              ),
            },
            { key: 'day', label: <span data-testid="team-tab-day">{t('team.day')}</span>, children: <TeamDayTable onOpen={setOpen} /> },
          ]}
        />
      </Card>
      <MemberDrawer member={open} onClose={() => setOpen(null)} />
    </>
  );
}
