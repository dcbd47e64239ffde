// A person's day: punches with source and temperature, the admin corrections, and the
// person's audit log.
import { useState } from 'react';
import { Button, Descriptions, Drawer, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FieldTimeOutlined, FlagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AttendanceFace, AuditEntry } from '../api/faces';
import { useAudit, useClock } from '../api/clock';
import { ClockRecordsTable } from './clock-records-table';
import { CorrectionModal, type Correction } from './correction-modal';
import { DayFlags } from './day-flags';
import { StatusTag } from '../../../components/attendance-status';
import { DayReason } from '../../../components/day-reason';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../lib/use-session';

export interface ClockTarget {
  id: number;
  name: string;
  date: string;
}

export function ClockDrawer({ face, target, onClose }: { face: AttendanceFace; target: ClockTarget | null; onClose: () => void }) {
  const { t } = useTranslation(['attendance', 'common']);
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const clock = useClock(face, target?.id, target?.date ?? '');
  const audit = useAudit(face, target?.id);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const day = clock.data?.day;

  const auditColumns: TableColumnsType<AuditEntry> = [
    { title: t('audit.date'), dataIndex: 'date', width: 110 },
    { title: t('audit.action'), dataIndex: 'action', width: 130, render: (v: string) => t(`audit.actions.${v}`, { defaultValue: v }) },
    {
      title: t('audit.change'),
      key: 'change',
      render: (_, a) => (
        <span data-testid="audit-change">
          {a.old_value || '–'} → {a.new_value || '–'}
        </span>
      ),
    },
    { title: t('audit.reason'), dataIndex: 'reason', render: (v: string) => <span data-testid="audit-reason">{v}</span> },
    { title: t('audit.by'), dataIndex: 'user_name', width: 130 },
    { title: t('audit.at'), dataIndex: 'at', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  ];

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size={760}
      title={target ? `${target.name} · ${target.date}` : ''}
      destroyOnHidden
      data-testid="clock-drawer"
    >
      {clock.isError ? (
        <QueryError error={clock.error} onRetry={() => clock.refetch()} />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('daily.status')}>
              <span data-testid="clock-day-status">{day ? <StatusTag status={day.status} manual={day.manual} /> : null}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('daily.flags')}>{day ? <DayFlags day={day} /> : null}</Descriptions.Item>
            <Descriptions.Item label={t('daily.reason')} span={2}>
              {day ? <DayReason reason={day.reason} /> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('daily.in_time')}>{day?.in_time || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('daily.last_seen')}>{day?.last_seen || '–'}</Descriptions.Item>
            {day?.remark ? (
              <Descriptions.Item label={t('daily.remark')} span={2}>
                {day.remark}
              </Descriptions.Item>
            ) : null}
            {day?.holiday ? (
              <Descriptions.Item label={t('common:status.holiday')} span={2}>
                {day.holiday}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {canEdit && (
            <Space wrap>
              <Button icon={<FieldTimeOutlined />} onClick={() => setCorrection({ mode: 'add' })} data-testid="clock-add-time">
                {t('clock.add_time')}
              </Button>
              <Button icon={<FlagOutlined />} onClick={() => setCorrection({ mode: 'status', status: day?.status ?? 1 })} data-testid="clock-set-status">
                {t('clock.set_status')}
              </Button>
            </Space>
          )}
          <ClockRecordsTable
            records={clock.data?.records ?? []}
            loading={clock.isFetching}
            actions={
              canEdit
                ? (r) => (
                    <Space>
                      <Tooltip title={t('clock.move_time')}>
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('clock.move_time')}
                          onClick={() => setCorrection({ mode: 'move', punchId: r.id, time: r.time })}
                          data-testid="clock-move"
                        />
                      </Tooltip>
                      <Tooltip title={t('clock.remove_time')}>
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('clock.remove_time')}
                          onClick={() => setCorrection({ mode: 'remove', punchId: r.id, time: r.time })}
                          data-testid="clock-remove"
                        />
                      </Tooltip>
                    </Space>
                  )
                : undefined
            }
          />
          <div>
            <Typography.Title level={5}>{t('audit.title')}</Typography.Title>
            <Table<AuditEntry>
              rowKey="id"
              size="small"
              columns={auditColumns}
              dataSource={audit.data?.data ?? []}
              loading={audit.isFetching}
              pagination={false}
              locale={{ emptyText: t('audit.empty') }}
              data-testid="audit-log"
              scroll={{ x: 700 }}
            />
          </div>
        </Space>
      )}
      {target && (
        <CorrectionModal face={face} personId={target.id} date={target.date} correction={correction} onClose={() => setCorrection(null)} />
      )}
    </Drawer>
  );
}

/** A tag saying a day was corrected by hand. */
export function ManualTag() {
  const { t } = useTranslation('attendance');
  return <Tag color="orange">{t('daily.manual')}</Tag>;
}
