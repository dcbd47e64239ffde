// A member's home screen (issue 11): today's status with the first and last punch, the web
// clock-in button when their group may use it, leave and away balances, an Apply shortcut,
// pending applications and the next holiday.
import type { ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { CalendarOutlined, FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { StatusTag } from '../../../components/attendance-status';
import { useHome, useMyBalances, useMyPending } from '../api/clockin';
import { ClockInCard } from './clock-in-card';

/** A plain list of rows, each spread between its ends. */
function Rows({ items }: { items: { key: string | number; content: ReactNode }[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((i) => (
        <li key={i.key} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
          {i.content}
        </li>
      ))}
    </ul>
  );
}

function Balances({ kind }: { kind: 'leave' | 'away' }) {
  const { t } = useTranslation(['clockin']);
  const q = useMyBalances(kind);
  return (
    <Card title={t(`home.balances_${kind}`)} loading={q.isLoading} size="small" data-testid={`home-balances-${kind}`}>
      {q.data && q.data.length > 0 ? (
        <Rows
          items={q.data.map((e) => ({
            key: e.id,
            content: (
              <>
                <span>{e.leave_type}</span>
                <Typography.Text strong>{`${e.available} ${t(`home.unit_${e.unit}`)}`}</Typography.Text>
              </>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.no_balances')} />
      )}
    </Card>
  );
}

function Pending() {
  const { t } = useTranslation(['clockin']);
  const leave = useMyPending('leave');
  const away = useMyPending('away');
  const items = [...(leave.data ?? []), ...(away.data ?? [])].sort((a, b) => a.from_date.localeCompare(b.from_date));
  return (
    <Card title={t('home.pending')} size="small" loading={leave.isLoading || away.isLoading} data-testid="home-pending">
      {items.length > 0 ? (
        <Rows
          items={items.map((a) => ({
            key: `${a.kind}-${a.id}`,
            content: (
              <Space wrap>
                <Tag>{t(`home.kind_${a.kind}`)}</Tag>
                <span>{a.leave_type}</span>
                <Typography.Text type="secondary">
                  {a.from_date === a.to_date ? a.from_date : `${a.from_date} – ${a.to_date}`}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.no_pending')} />
      )}
    </Card>
  );
}

export default function MemberHome() {
  const { t } = useTranslation(['clockin', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const home = useHome();
  const notLinked = home.error instanceof ApiError && home.error.code === 'people.no_account';
  const h = home.data;
  return (
    <>
      <PageHeader title={t('common:dashboard.title')} />
      <Typography.Title level={4} data-testid="dashboard-welcome">
        {t('common:dashboard.welcome', { name: session?.name ?? '' })}
      </Typography.Title>
      {notLinked ? (
        <Card data-testid="home-not-linked">
          <Typography.Text type="secondary">{t('common:dashboard.not_linked')}</Typography.Text>
        </Card>
      ) : home.error ? (
        <QueryError error={home.error} onRetry={() => void home.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('home.today', { date: h?.date ?? '' })} loading={home.isLoading} data-testid="home-today">
              {h && (
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('home.status')}>
                    <StatusTag status={h.today.status} manual={h.today.manual} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('home.first_punch')}>
                    <span data-testid="home-first-punch">{h.today.in_time || '–'}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('home.last_punch')}>
                    <span data-testid="home-last-punch">{h.today.last_seen || '–'}</span>
                  </Descriptions.Item>
                </Descriptions>
              )}
              <Link to="/personal/attendance">{t('common:dashboard.my_attendance')}</Link>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            {h?.web_clock.allowed ? (
              <ClockInCard sites={h.web_clock.sites.map((s) => s.name)} />
            ) : (
              <Card title={t('clock.title')} loading={home.isLoading} data-testid="web-clock-off">
                <Typography.Paragraph type="secondary">{t('home.web_clock_off')}</Typography.Paragraph>
                <Link to="/personal/clock">{t('home.kiosk_hint')}</Link>
              </Card>
            )}
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Balances kind="leave" />
          </Col>
          <Col xs={24} md={12} lg={8}>
            <Balances kind="away" />
          </Col>
          <Col xs={24} lg={8}>
            <Space orientation="vertical" style={{ width: '100%' }} size={16}>
              <Card size="small" title={t('home.apply')}>
                <Space wrap>
                  <Button type="primary" icon={<FormOutlined />} onClick={() => void navigate('/personal/leave/application')} data-testid="home-apply-leave">
                    {t('home.apply_leave')}
                  </Button>
                  <Button icon={<FormOutlined />} onClick={() => void navigate('/personal/away/application')} data-testid="home-apply-away">
                    {t('home.apply_away')}
                  </Button>
                </Space>
              </Card>
              <Card size="small" title={t('home.next_holiday')} data-testid="home-next-holiday">
                {h?.next_holiday ? (
                  <Space>
                    <CalendarOutlined />
                    <span>{h.next_holiday.name}</span>
                    <Typography.Text type="secondary">
                      {h.next_holiday.start === h.next_holiday.end ? h.next_holiday.start : `${h.next_holiday.start} – ${h.next_holiday.end}`}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('home.no_holiday')}</Typography.Text>
                )}
              </Card>
            </Space>
          </Col>
          <Col xs={24}>
            <Pending />
          </Col>
        </Row>
      )}
    </>
  );
}
