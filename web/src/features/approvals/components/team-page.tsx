// "My team": a manager's direct reports, and for one of them their leave applications and
// attendance-correction requests with each one's timeline (issue 12). What waits for the
// manager is decided on "Waiting for me".
import { useState } from 'react';
import { Button, Card, Drawer, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { useTeam, useTeamLeave, useTeamRequests, type CorrectionRequest, type TeamApplication, type TeamMember } from '../api/approvals';
import { TimelineList } from './timeline-list';

const STATE_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' };

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
      <Tabs
        items={[
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
                expandable={{ expandedRowRender: (r) => <TimelineList steps={r.timeline} />, rowExpandable: (r) => r.timeline.length > 0 }}
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
        {team.isError ? (
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
        )}
      </Card>
      <MemberDrawer member={open} onClose={() => setOpen(null)} />
    </>
  );
}
