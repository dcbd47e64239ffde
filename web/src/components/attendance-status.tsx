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

/**
 * The legend of every status colour and letter. With `marks`, it also explains the marks the
 * monthly grid adds to a letter: "+" when late (P+) and "*" when set by hand.
 */
export function StatusLegend({ letters = false, marks = false, only }: { letters?: boolean; marks?: boolean; only?: number[] }) {
  const { t } = useTranslation('common');
  const list = only ? STATUSES.filter((s) => only.includes(s.code)) : STATUSES;
  const present = statusInfo(1);
  return (
    <Space wrap size={[8, 4]} data-testid="status-legend">
      {list.map((s) => (
        <Tag key={s.code} color={s.tag} data-testid={`legend-${s.name}`}>
          {letters && s.letter ? `${s.letter} = ` : ''}
          {t(s.label)}
        </Tag>
      ))}
      {marks && (
        <Tag color={present.tag} data-testid="legend-late">
          {`${present.letter}+ = `}
          {t('legend.present_late')}
        </Tag>
      )}
      {marks && <Tag data-testid="legend-manual">{`* = ${t('legend.manual')}`}</Tag>}
    </Space>
  );
}
