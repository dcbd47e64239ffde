// The real-time events a Security PUSH terminal sent (doors opened, refused, alarms), newest
// first, for an administrator to review; those that became punches are marked.
import { useState } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AccessEvent, DeviceFace } from '../api/faces';
import { ACCESS_EVENTS_PAGE_SIZE } from '../api/faces';
import { useAccessEvents } from '../api/devices';
import { QueryError } from '../../../components/query-error';

const KIND_COLOURS: Record<AccessEvent['kind'], string> = { granted: 'success', denied: 'error', alarm: 'warning', device: 'default', unknown: 'default' };

export function AccessEventsTab({ face, deviceId }: { face: DeviceFace; deviceId: number }) {
  const { t } = useTranslation('devices');
  const [page, setPage] = useState(1);
  const events = useAccessEvents(face, deviceId, page);
  const columns: TableColumnsType<AccessEvent> = [
    { title: t('access.time'), dataIndex: 'local_time', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    { title: t('access.person'), key: 'person', render: (_, e) => (e.person_name ? `${e.person_name} (${e.pin})` : e.pin) },
    {
      title: t('access.kind'),
      dataIndex: 'kind',
      render: (k: AccessEvent['kind'], e) => (
        <Tag color={KIND_COLOURS[k]} data-testid="access-kind" data-kind={k}>
          {t(`access.kinds.${k}`)} ({e.event})
        </Tag>
      ),
    },
    { title: t('access.door'), dataIndex: 'door' },
    { title: t('access.punched'), dataIndex: 'punched', render: (p: boolean) => (p ? t('access.yes') : t('access.no')) },
  ];
  if (events.isError) return <QueryError error={events.error} onRetry={() => events.refetch()} />;
  return (
    <Table<AccessEvent>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={events.data?.data ?? []}
      loading={events.isLoading}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: ACCESS_EVENTS_PAGE_SIZE, total: events.data?.meta.pagination.total ?? 0, onChange: setPage, showSizeChanger: false }}
      locale={{ emptyText: t('access.empty') }}
      data-testid="access-events-table"
    />
  );
}
