import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AttendanceDay } from '../api/faces';

/** Minutes as "2 h", "2 h 30 min" or "30 min", translated. */
export function formatMinutes(t: TFunction, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return t('attendance:partial.hm', { h, m });
  return h ? t('attendance:partial.h', { h }) : t('attendance:partial.m', { m });
}

/** The partial-day away and leave of a day or a range (issue 13), when there is any. */
export function PartialTags({ away, leave }: { away?: number; leave?: number }) {
  const { t } = useTranslation('attendance');
  return (
    <>
      {!!away && (
        <Tag color="purple" data-testid="flag-away-minutes">
          {t('partial.away', { value: formatMinutes(t, away) })}
        </Tag>
      )}
      {!!leave && (
        <Tag color="blue" data-testid="flag-leave-minutes">
          {t('partial.leave', { value: formatMinutes(t, leave) })}
        </Tag>
      )}
    </>
  );
}

/** Late, early-out and missing-out flags of a day, and its hours away or on leave. */
export function DayFlags({ day }: { day: Pick<AttendanceDay, 'late' | 'early_out' | 'missing_out'> & Partial<Pick<AttendanceDay, 'away_minutes' | 'leave_minutes'>> }) {
  const { t } = useTranslation('attendance');
  return (
    <Space size={4} wrap>
      {day.late && <Tag color="orange" data-testid="flag-late">{t('daily.late')}</Tag>}
      {day.early_out && <Tag color="volcano" data-testid="flag-early">{t('daily.early_out')}</Tag>}
      {day.missing_out && <Tag data-testid="flag-missing-out">{t('daily.missing_out')}</Tag>}
      <PartialTags away={day.away_minutes} leave={day.leave_minutes} />
    </Space>
  );
}
