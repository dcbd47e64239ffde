import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePersonalToday } from '../api/dashboard';
import { StatusTag } from '../../../components/attendance-status';
import { DayReason } from '../../../components/day-reason';
import { ApiError } from '../../../lib/api-client';

/** A member's own day on the dashboard. */
export function PersonalToday({ date }: { date: string }) {
  const { t } = useTranslation(['common', 'attendance']);
  const q = usePersonalToday(date);
  const notLinked = q.error instanceof ApiError && q.error.code === 'people.no_account';
  return (
    <Card title={t('dashboard.my_day', { date })} loading={q.isLoading} data-testid="dashboard-personal">
      {notLinked ? (
        <Typography.Text type="secondary">{t('dashboard.not_linked')}</Typography.Text>
      ) : q.data ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('dashboard.status')}>
            <StatusTag status={q.data.status} manual={q.data.manual} />
          </Descriptions.Item>
          <Descriptions.Item label={t('attendance:daily.reason')}>
            <DayReason reason={q.data.reason} />
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.in_time')}>{q.data.in_time || '–'}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.last_seen')}>{q.data.last_seen || '–'}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Link to="/personal/attendance">{t('dashboard.my_attendance')}</Link>
    </Card>
  );
}
