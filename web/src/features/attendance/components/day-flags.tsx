import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay } from '../api/faces';

/** Late, early-out and missing-out flags of a day. */
export function DayFlags({ day }: { day: Pick<AttendanceDay, 'late' | 'early_out' | 'missing_out'> }) {
  const { t } = useTranslation('attendance');
  return (
    <Space size={4} wrap>
      {day.late && <Tag color="orange" data-testid="flag-late">{t('daily.late')}</Tag>}
      {day.early_out && <Tag color="volcano" data-testid="flag-early">{t('daily.early_out')}</Tag>}
      {day.missing_out && <Tag data-testid="flag-missing-out">{t('daily.missing_out')}</Tag>}
    </Space>
  );
}
