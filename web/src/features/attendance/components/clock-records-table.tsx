import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { ClockRecord } from '../api/faces';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';

/** The source of a punch in words: web, kiosk, beacon, manual or a device. */
export function useSourceLabel() {
  const { t } = useTranslation('attendance');
  return (source: string) => {
    if (source.startsWith('device:')) return t('source.device', { id: source.slice(7) });
    return t(`source.${source}`, { defaultValue: source });
  };
}

/** Punches of one day: time, source, temperature (and mask, from thermal terminals), and optional actions per row. */
export function ClockRecordsTable({
  records,
  loading,
  actions,
}: {
  records: ClockRecord[];
  loading?: boolean;
  actions?: (r: ClockRecord) => ReactNode;
}) {
  const { t } = useTranslation('attendance');
  const sourceLabel = useSourceLabel();
  const columns: ListColumn<ClockRecord>[] = [
    { title: t('clock.time'), dataIndex: 'time', key: 'time', primary: true, render: (v: string) => <span data-testid="clock-time">{v}</span> },
    {
      title: t('clock.source'),
      dataIndex: 'source',
      key: 'source',
      // A web or kiosk punch names the clock site it was accepted at.
      render: (v: string, r) => (
        <>
          <Tag color={v === 'manual' ? 'orange' : undefined}>{sourceLabel(v)}</Tag>
          {r.site ? <span data-testid="clock-site">{r.site}</span> : null}
        </>
      ),
    },
    {
      title: t('clock.temperature'),
      dataIndex: 'temperature',
      key: 'temperature',
      render: (v: number | null) => (v == null ? '–' : `${v.toFixed(1)} °C`),
    },
  ];
  // A thermal terminal with mask detection reports whether a mask was worn; the column is
  // there only when some punch of the day carries it.
  if (records.some((r) => r.mask != null)) {
    columns.push({
      title: t('clock.mask'),
      dataIndex: 'mask',
      key: 'mask',
      render: (v: boolean | null) =>
        v == null ? '–' : <span data-testid="clock-mask">{v ? t('clock.mask_on') : t('clock.mask_off')}</span>,
    });
  }
  if (actions) columns.push({ key: 'actions', title: '', render: (_, r) => actions(r) });
  return (
    <ResponsiveTable<ClockRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('clock.empty') }}
      data-testid="clock-records"
    />
  );
}
