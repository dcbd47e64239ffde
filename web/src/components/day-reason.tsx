import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeReason, type DayReason as Reason } from '../lib/day-reason';

/** Why a day has its status, in the reader's language. */
export function DayReason({ reason, secondary }: { reason: Reason | undefined; secondary?: boolean }) {
  const { t } = useTranslation('attendance');
  if (!reason) return null;
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} data-testid="day-reason" data-reason={reason.code}>
      {describeReason(t, reason)}
    </Typography.Text>
  );
}
