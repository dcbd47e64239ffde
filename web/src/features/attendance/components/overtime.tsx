// Overtime of a day and of a range (issue 13): worked above the group's threshold, and the
// part approved (all of it when the group needs no approval).
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay, Totals } from '../api/faces';
import { formatMinutes } from '../../../lib/minutes';

export { formatMinutes };

type OvertimeDay = Pick<AttendanceDay, 'overtime_minutes' | 'overtime_approved_minutes' | 'overtime_state' | 'overtime_needs_approval'>;

const stateColor: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red', cancelled: 'default' };

/** A day's overtime: worked, and the approved part with the request's state when it needs approval. */
export function OvertimeCell({ day }: { day: OvertimeDay }) {
  const { t } = useTranslation('attendance');
  const worked = day.overtime_minutes ?? 0;
  if (!worked) return <span data-testid="overtime-none">–</span>;
  return (
    <Space size={4} wrap data-testid="overtime-cell">
      <span data-testid="overtime-worked">{formatMinutes(worked)}</span>
      {day.overtime_needs_approval && (
        <>
          <span data-testid="overtime-approved">{t('overtime.approved', { time: formatMinutes(day.overtime_approved_minutes) })}</span>
          {day.overtime_state && (
            <Tag color={stateColor[day.overtime_state]} data-testid={`overtime-state-${day.overtime_state}`}>
              {t(`overtime.states.${day.overtime_state}`)}
            </Tag>
          )}
        </>
      )}
    </Space>
  );
}

/** A range's overtime sums, worked and approved (nothing when there is none). */
export function OvertimeTotals({ totals }: { totals?: Pick<Totals, 'overtime_minutes' | 'overtime_approved_minutes'> }) {
  const { t } = useTranslation('attendance');
  if (!totals?.overtime_minutes) return null;
  return (
    <>
      <Tag color="purple" data-testid="total-overtime">
        {t('overtime.total')}: <b>{formatMinutes(totals.overtime_minutes)}</b>
      </Tag>
      <Tag color="green" data-testid="total-overtime-approved">
        {t('overtime.total_approved')}: <b>{formatMinutes(totals.overtime_approved_minutes)}</b>
      </Tag>
    </>
  );
}

/** The monthly grid's cell: worked / approved. */
export function OvertimeGridCell({ totals }: { totals: Pick<Totals, 'overtime_minutes' | 'overtime_approved_minutes'> }) {
  if (!totals.overtime_minutes) return <>–</>;
  return (
    <span>
      {formatMinutes(totals.overtime_minutes)}/{formatMinutes(totals.overtime_approved_minutes)}
    </span>
  );
}
