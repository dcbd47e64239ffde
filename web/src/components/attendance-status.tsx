// The one place a status is drawn: a coloured tag, a grid letter and the legend of colours.
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUSES, statusInfo } from '../lib/attendance-status';

/** A status as a coloured tag with its translated name. */
export function StatusTag({ status, manual }: { status: number; manual?: boolean }) {
  const { t } = useTranslation('common');
  const s = statusInfo(status);
  return (
    <Tag color={s.tag} data-testid={`status-${s.name}`}>
      {t(s.label)}
      {manual ? ' *' : ''}
    </Tag>
  );
}

/** The legend of every status colour and letter. */
export function StatusLegend({ letters = false, only }: { letters?: boolean; only?: number[] }) {
  const { t } = useTranslation('common');
  const list = only ? STATUSES.filter((s) => only.includes(s.code)) : STATUSES;
  return (
    <Space wrap size={[8, 4]} data-testid="status-legend">
      {list.map((s) => (
        <Tag key={s.code} color={s.tag} data-testid={`legend-${s.name}`}>
          {letters ? `${s.letter} = ` : ''}
          {t(s.label)}
        </Tag>
      ))}
    </Space>
  );
}
