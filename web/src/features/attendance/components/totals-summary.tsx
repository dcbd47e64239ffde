import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUSES, totalOf } from '../../../lib/attendance-status';
import type { Totals } from '../api/faces';
import { PartialTags } from './day-flags';
import { OvertimeTotals } from './overtime';

/** Totals of a day or range: one coloured count per status, then late and early out, then the
 * hours of partial-day away and leave. */
export function TotalsSummary({ totals }: { totals?: Totals }) {
  const { t } = useTranslation(['attendance', 'common']);
  return (
    <Space wrap size={[8, 8]} data-testid="attendance-totals">
      {STATUSES.map((s) => (
        <Tag key={s.code} color={s.tag} data-testid={`total-${s.name}`}>
          {t(`common:${s.label}`)}: <b data-testid={`total-${s.name}-count`}>{totalOf(totals, s.code)}</b>
        </Tag>
      ))}
      <Tag color="orange">
        {t('daily.late')}: <b>{totals?.late ?? 0}</b>
      </Tag>
      <Tag color="volcano">
        {t('daily.early_out')}: <b>{totals?.early_out ?? 0}</b>
      </Tag>
      <PartialTags away={totals?.away_minutes} leave={totals?.leave_minutes} />
      <OvertimeTotals totals={totals} />
    </Space>
  );
}
