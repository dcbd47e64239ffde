// Saved reports (issue 15): the organisation's saved report screens, their schedules and
// recipients; edit, delete and send now.
import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { useDeleteSavedReport, useSavedReports, useSendSavedReport, type SavedReport } from '../../../lib/saved-reports';
import { REPORT_NAMESPACES, SavedReportModal } from '../../../components/saved-report-modal';

const when = (v?: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '–');

export default function SavedReportsPage() {
  const { t } = useTranslation(REPORT_NAMESPACES);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const reports = useSavedReports();
  const remove = useDeleteSavedReport();
  const send = useSendSavedReport();
  const [editing, setEditing] = useState<SavedReport | null>(null);

  const scheduleText = (r: SavedReport) => {
    switch (r.schedule) {
      case 'daily':
        return t('saved.every_day', { time: r.run_time });
      case 'weekly':
        return t('saved.every_week', { day: t(`saved.weekdays.${r.weekday}`), time: r.run_time });
      case 'monthly':
        return t('saved.every_month', { day: r.month_day, time: r.run_time });
    }
    return t('saved.schedules.none');
  };

  const columns: ListColumn<SavedReport>[] = [
    { title: t('saved.name'), dataIndex: 'name', primary: true, render: (v: string) => <Typography.Text data-testid="saved-report-row-name">{v}</Typography.Text> },
    { title: t('saved.kind'), dataIndex: 'kind', render: (k: SavedReport['kind'], r) => <Tag>{t(`saved.kinds.${k === 'leave_statistics' && r.filters?.leave_kind === 'away' ? 'away_statistics' : k}`)}</Tag> },
    { title: t('saved.schedule'), key: 'schedule', render: (_, r) => <span data-testid="saved-report-row-schedule">{scheduleText(r)}</span> },
    { title: t('saved.next_run'), dataIndex: 'next_run_at', render: (v: string | null) => when(v) },
    {
      title: t('saved.last_run'),
      dataIndex: 'last_run_at',
      render: (v: string | null, r) => (r.last_error ? <Typography.Text type="danger">{t('saved.last_failed', { error: r.last_error })}</Typography.Text> : when(v)),
    },
    { title: t('saved.recipients'), dataIndex: 'recipients', render: (ids: number[]) => ids.length },
    {
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, r) =>
        canEdit && (
          <Space wrap>
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid="saved-report-edit" aria-label={t('saved.edit_title', { name: r.name })}>
              {t('common:actions.edit')}
            </Button>
            <Button
              size="small"
              icon={<SendOutlined />}
              data-testid="saved-report-send"
              disabled={r.recipients.length === 0}
              loading={send.isPending && send.variables === r.id}
              onClick={() =>
                send.mutateAsync(r.id).then(
                  (res) => message.success(t('saved.sent', { count: res.queued })),
                  (e) => message.error(translateApiError(t, e)),
                )
              }
            >
              {t('saved.send_now')}
            </Button>
            <Popconfirm
              title={t('saved.delete_confirm', { name: r.name })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() =>
                remove.mutateAsync(r.id).then(
                  () => message.success(t('saved.deleted')),
                  (e) => message.error(translateApiError(t, e)),
                )
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} data-testid="saved-report-delete">
                {t('common:actions.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:menu.saved_reports')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('saved.intro')}</Typography.Paragraph>
        {reports.error ? (
          <QueryError error={reports.error} onRetry={() => void reports.refetch()} />
        ) : (
          <ResponsiveTable<SavedReport>
            rowKey="id"
            columns={columns}
            dataSource={reports.data ?? []}
            loading={reports.isLoading}
            pagination={false}
            locale={{ emptyText: t('saved.empty') }}
            data-testid="saved-reports-table"
          />
        )}
      </Card>
      <SavedReportModal open={editing != null} report={editing} onClose={() => setEditing(null)} />
    </>
  );
}
