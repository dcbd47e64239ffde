import { Badge, Card, Flex, Skeleton, Typography } from 'antd';
import { CalendarOutlined, CarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';

type Org = 'school' | 'company';

/** The pending count of leave or away, from the statistics the leave screens already use. */
function usePending(org: Org, kind: 'leave' | 'away') {
  return useQuery({
    queryKey: ['dashboard', 'waiting', org, kind],
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<{ pending: number }>>(`/api/${org}/${kind}/statistics`, undefined, signal).then((r) => r.data.pending),
    refetchInterval: 60_000,
  });
}

/**
 * "Waiting for you": what an admin has to decide, with counts, each a link to its approval
 * list filtered to pending. The approvals engine (issue 12, part 1) adds its kinds here.
 */
export function WaitingCard({ org }: { org: Org }) {
  const { t } = useTranslation(['notifications']);
  const leave = usePending(org, 'leave');
  const away = usePending(org, 'away');
  const list = (kind: 'leave' | 'away') =>
    org === 'company' ? `/company/${kind}/application?status=pending` : `/school/${kind}/application/teacher?status=pending`;
  const rows = [
    { kind: 'leave' as const, icon: <CalendarOutlined aria-hidden />, q: leave },
    { kind: 'away' as const, icon: <CarOutlined aria-hidden />, q: away },
  ];
  return (
    <Card title={t('waiting.title')} data-testid="dashboard-waiting">
      {rows.map(({ kind, icon, q }) => (
        <Flex key={kind} justify="space-between" align="center" gap={8} style={{ padding: '6px 0' }}>
          <Link to={list(kind)} data-testid={`waiting-${kind}`}>
            <Flex gap={8} align="center">
              {icon}
              <span>{t(`waiting.${kind}`)}</span>
            </Flex>
          </Link>
          {q.isPending ? (
            <Skeleton.Button size="small" active />
          ) : q.isError ? (
            <Typography.Text type="secondary">–</Typography.Text>
          ) : (
            <Badge count={q.data} showZero color={q.data ? undefined : 'var(--ant-color-text-tertiary, #8c8c8c)'} data-testid={`waiting-${kind}-count`} />
          )}
        </Flex>
      ))}
    </Card>
  );
}
