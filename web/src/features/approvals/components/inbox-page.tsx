// "Waiting for me": every request of any kind (leave, away, attendance correction) waiting
// for the caller, to approve or reject with a comment (issue 12).
import { useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Tag } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { translateApiError } from '../../../lib/form-errors';
import { formatMinutes } from '../../../lib/minutes';
import { useDecide, useWaiting, type ApprovalRequest } from '../api/approvals';
import { AttachmentLink } from './attachment-link';
import { DelegationCard } from './delegation-card';

export default function InboxPage() {
  const { t } = useTranslation(['approvals', 'common', 'errors']);
  const { message } = App.useApp();
  const waiting = useWaiting();
  const decide = useDecide();
  const [open, setOpen] = useState<{ item: ApprovalRequest; approve: boolean } | null>(null);
  const [form] = Form.useForm<{ comment: string; minutes?: number }>();
  // An overtime request's minutes, which its approver may lower.
  const overtime = open?.approve && open.item.kind === 'overtime' ? open.item.overtime : undefined;

  const submit = (v: { comment?: string; minutes?: number | null }) => {
    if (!open) return;
    const minutes = overtime && typeof v.minutes === 'number' && v.minutes !== overtime.minutes ? v.minutes : undefined;
    decide.mutate(
      { kind: open.item.kind, id: open.item.ref_id, approve: open.approve, comment: v.comment ?? '', minutes },
      {
        onSuccess: () => {
          message.success(open.approve ? t('approved') : t('rejected'));
          setOpen(null);
          form.resetFields();
        },
        onError: (e) => message.error(translateApiError(t, e)),
      },
    );
  };

  const columns: ListColumn<ApprovalRequest>[] = [
    { title: t('fields.person'), dataIndex: 'person_name', key: 'person', primary: true },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      key: 'kind',
      render: (v: string, r) => (
        <>
          <Tag>{t(`kinds.${v}`)}</Tag>
          {r.overtime && (
            <span data-testid={`overtime-${r.ref_id}`}>
              {t('inbox.overtime', { date: r.overtime.date, time: formatMinutes(r.overtime.minutes) })}
            </span>
          )}
        </>
      ),
    },
    {
      title: t('fields.level'),
      key: 'level',
      render: (_, r) => (
        <>
          {t('level', { n: r.level + 1 })}
          {r.delegated_from ? (
            <Tag color="purple" style={{ marginInlineStart: 6 }}>
              {t('delegated')}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('fields.number'), dataIndex: 'ref_id', key: 'ref', render: (v: number) => `#${v}` },
    { title: t('fields.attachment'), key: 'attachment', render: (_, r) => <AttachmentLink url={r.attachment_url} /> },
    { title: t('fields.submitted'), dataIndex: 'created_at', key: 'created', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common:actions.actions'),
      key: 'actions',
      actions: true,
      render: (_, r) => (
        <Space wrap>
          <Button type="primary" size="small" icon={<CheckOutlined />} onClick={() => setOpen({ item: r, approve: true })} data-testid={`approve-${r.kind}-${r.ref_id}`}>
            {t('approve')}
          </Button>
          <Button danger size="small" icon={<CloseOutlined />} onClick={() => setOpen({ item: r, approve: false })} data-testid={`reject-${r.kind}-${r.ref_id}`}>
            {t('reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('inbox.title')} />
      <Card>
        {waiting.isError ? (
          <QueryError error={waiting.error} onRetry={() => waiting.refetch()} />
        ) : (
          <ResponsiveTable<ApprovalRequest>
            rowKey="id"
            columns={columns}
            dataSource={waiting.data ?? []}
            loading={waiting.isFetching}
            pagination={false}
            locale={{ emptyText: t('inbox.empty') }}
            data-testid="approvals-inbox"
          />
        )}
      </Card>
      <DelegationCard />
      <Modal
        open={!!open}
        title={open ? t(open.approve ? 'inbox.approve_title' : 'inbox.reject_title', { name: open.item.person_name }) : ''}
        onCancel={() => setOpen(null)}
        onOk={() => form.submit()}
        okText={open?.approve ? t('approve') : t('reject')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        okButtonProps={{ danger: !open?.approve, ...({ 'data-testid': 'decision-submit' } as Record<string, string>) }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} initialValues={overtime ? { minutes: overtime.minutes } : undefined}>
          {overtime && (
            <Form.Item
              name="minutes"
              label={t('fields.overtime_minutes')}
              extra={t('inbox.overtime_hint', { max: overtime.minutes })}
              rules={[{ type: 'number', min: 0, max: overtime.minutes, message: t('errors:validation.range', { min: 0, max: overtime.minutes }) }]}
            >
              <InputNumber min={0} max={overtime.minutes} precision={0} style={{ width: '100%' }} data-testid="decision-minutes" />
            </Form.Item>
          )}
          <Form.Item
            name="comment"
            label={t('fields.comment')}
            rules={[
              { required: !open?.approve, whitespace: true, message: t('errors:validation.required') },
              { max: 2000, message: t('errors:validation.max', { max: 2000 }) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={2000} data-testid="decision-comment" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
