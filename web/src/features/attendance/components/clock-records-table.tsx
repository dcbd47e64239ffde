import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { ClockRecord } from '../api/faces';

/** The source of a punch in words: web, beacon, manual or a device. */
export function useSourceLabel() {
  const { t } = useTranslation('attendance');
  return (source: string) => {
    if (source.startsWith('device:')) return t('source.device', { id: source.slice(7) });
    return t(`source.${source}`, { defaultValue: source });
  };
}

/** Punches of one day: time, source, temperature, and optional actions per row. */
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
  const columns: TableColumnsType<ClockRecord> = [
    { title: t('clock.time'), dataIndex: 'time', width: 110, render: (v: string) => <span data-testid="clock-time">{v}</span> },
    {
      title: t('clock.source'),
      dataIndex: 'source',
      render: (v: string) => <Tag color={v === 'manual' ? 'orange' : undefined}>{sourceLabel(v)}</Tag>,
    },
    {
      title: t('clock.temperature'),
      dataIndex: 'temperature',
      width: 120,
      render: (v: number | null) => (v == null ? '–' : `${v.toFixed(1)} °C`),
    },
  ];
  if (actions) columns.push({ key: 'actions', title: '', width: 100, render: (_, r) => actions(r) });
  return (
    <Table<ClockRecord>
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
