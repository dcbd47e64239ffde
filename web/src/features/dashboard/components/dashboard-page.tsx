import { Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { ApartmentOutlined, BankOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { dateInZone } from '../../../lib/org-date';
import { AttendancePanel } from './attendance-panel';
import { PersonalToday } from './personal-today';
import { WaitingCard } from './waiting-card';

interface QuickLink {
  to: string;
  label: string;
  icon: React.ReactNode;
  permission?: string;
  kind?: 'school' | 'company';
}

const QUICK_LINKS: QuickLink[] = [
  { to: '/personal/profile', label: 'common:menu.profile', icon: <UserOutlined /> },
  { to: '/personal/account', label: 'common:menu.account', icon: <SettingOutlined /> },
  { to: '/settings/company', label: 'common:menu.company', icon: <BankOutlined />, permission: 'view.manage.company', kind: 'company' },
  { to: '/settings/company/positions', label: 'common:menu.positions', icon: <TeamOutlined />, permission: 'view.manage.company', kind: 'company' },
  { to: '/school/management', label: 'common:menu.school', icon: <ApartmentOutlined />, permission: 'view.manage.school', kind: 'school' },
];

/** The welcome page: headcounts and today's attendance for admins, a member's own day otherwise. */
export default function DashboardPage() {
  const { t } = useTranslation(['common']);
  const session = useSession();
  const today = dateInZone(session?.org?.timezone);
  const perms = session?.permissions ?? [];
  const kinds =
    session?.org?.kind === 'school' && perms.includes('view.manage.school')
      ? (['teacher', 'staff'] as const)
      : session?.org?.kind === 'company' && perms.includes('view.manage.company')
        ? (['employee'] as const)
        : [];
  const links = QUICK_LINKS.filter(
    (l) => (!l.kind || l.kind === session?.org?.kind) && (!l.permission || session?.permissions?.includes(l.permission)),
  );
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card>
            <Typography.Title level={4} data-testid="dashboard-welcome">
              {t('dashboard.welcome', { name: session?.name ?? '' })}
            </Typography.Title>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('dashboard.organisation')}>{session?.org?.name}</Descriptions.Item>
              <Descriptions.Item label={t('dashboard.kind')}>
                {session?.org?.kind ? t(`org_kind.${session.org.kind}`) : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.role')}>
                <Space wrap>
                  {(session?.roles ?? []).map((r) => (
                    <Tag key={r} color="blue">{t(`roles.${r}`, { defaultValue: r })}</Tag>
                  ))}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('dashboard.timezone')}>{session?.org?.timezone}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('dashboard.quick_links')}>
            <Space orientation="vertical">
              {links.map((l) => (
                <Link key={l.to} to={l.to}>
                  <Space>{l.icon}{t(l.label)}</Space>
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
        {kinds.length === 0 && (
          <Col xs={24} lg={14}>
            <PersonalToday date={today} />
          </Col>
        )}
        {kinds.length > 0 && session?.org?.kind && (
          <Col xs={24} lg={14}>
            <WaitingCard org={session.org.kind as 'school' | 'company'} />
          </Col>
        )}
      </Row>
      {kinds.map((k) => (
        <div key={k} style={{ marginTop: 16 }}>
          <AttendancePanel kind={k} date={today} />
        </div>
      ))}
    </>
  );
}
