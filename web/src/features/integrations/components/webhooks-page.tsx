// Webhooks (issue 15): an admin registers URLs told of events (punches, applications,
// people). The signing secret is shown once, at creation; each webhook has a delivery log
// (status, response code, attempts) with redelivery, and can be paused or deleted.
import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { App, Button, Card, Checkbox, Drawer, Form, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, HistoryOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SecretOnceModal } from './secret-once-modal';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import {
  WEBHOOK_EVENTS,
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../api/webhooks';

const NAMESPACES = ['integrations', 'common', 'errors'];

interface HookForm {
  url: string;
  events: WebhookEvent[];
}

const when = (v?: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '–');

function CreateWebhookModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const [form] = Form.useForm<HookForm>();
  const create = useCreateWebhook();
  const [made, setMade] = useState<CreatedWebhook | null>(null);
  const urlInput = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setMade(null);
  }, [open, form]);

  const onFinish = (v: HookForm) =>
    create.mutate(
      { url: v.url.trim(), events: v.events },
      {
        onSuccess: (r) => setMade(r),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <SecretOnceModal
      open={open}
      title={t('webhooks.create')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      pending={create.isPending}
      submitTestId="webhook-submit"
      // The address is the first thing to type: focus it once the dialog has opened.
      afterOpenChange={(opened) => {
        if (opened && !made) urlInput.current?.focus();
      }}
      shown={made && { secret: made.secret, testId: 'webhook-secret', warning: t('webhooks.shown_once'), help: <Typography.Text type="secondary">{t('webhooks.how_to_verify')}</Typography.Text> }}
    >
        <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ events: [] }}>
          <Form.Item name="url" label={t('webhooks.url')} rules={[{ required: true, type: 'url', message: t('webhooks.url_invalid') }]}>
            <Input ref={urlInput} data-testid="webhook-url" placeholder="https://example.com/hadir" inputMode="url" />
          </Form.Item>
          <Form.Item name="events" label={t('webhooks.events')} rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.events_required') }]}>
            <Checkbox.Group
              data-testid="webhook-events"
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`webhooks.event.${e.replace('.', '_')}`) }))}
            />
          </Form.Item>
        </Form>
    </SecretOnceModal>
  );
}

function DeliveriesDrawer({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const deliveries = useWebhookDeliveries(hook?.id ?? null);
  const redeliver = useRedeliver(hook?.id ?? 0);
  const columns: ListColumn<WebhookDelivery>[] = [
    { title: t('webhooks.when'), dataIndex: 'created_at', primary: true, render: (v: string) => when(v) },
    { title: t('webhooks.events'), dataIndex: 'event', render: (e: WebhookEvent) => t(`webhooks.event.${e.replace('.', '_')}`) },
    {
      title: t('webhooks.status'),
      dataIndex: 'status',
      render: (s: WebhookDelivery['status']) => (
        <Tag color={s === 'delivered' ? 'green' : s === 'failed' ? 'red' : 'gold'} data-testid="delivery-status">
          {t(`webhooks.statuses.${s}`)}
        </Tag>
      ),
    },
    { title: t('webhooks.response'), dataIndex: 'last_status', render: (c: number, d) => (c ? String(c) : d.last_error || '–') },
    { title: t('webhooks.attempts'), dataIndex: 'attempts' },
    {
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, d) => (
        <Button
          size="small"
          icon={<RedoOutlined />}
          data-testid="delivery-redeliver"
          loading={redeliver.isPending && redeliver.variables === d.id}
          onClick={() =>
            redeliver.mutateAsync(d.id).then(
              () => message.success(t('webhooks.redelivered')),
              (e) => message.error(translateApiError(t, e)),
            )
          }
        >
          {t('webhooks.redeliver')}
        </Button>
      ),
    },
  ];
  return (
    <Drawer open={hook != null} onClose={onClose} title={t('webhooks.log_title', { url: hook?.url ?? '' })} size={820} destroyOnHidden>
      {deliveries.error ? (
        <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : (
        <>
          <Button icon={<RedoOutlined />} onClick={() => void deliveries.refetch()} style={{ marginBottom: 12 }}>
            {t('webhooks.refresh')}
          </Button>
          <ResponsiveTable<WebhookDelivery>
            rowKey="id"
            columns={columns}
            dataSource={deliveries.data ?? []}
            loading={deliveries.isLoading}
            pagination={false}
            locale={{ emptyText: t('webhooks.no_deliveries') }}
            data-testid="deliveries-table"
          />
        </>
      )}
    </Drawer>
  );
}

export default function WebhooksPage() {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<Webhook | null>(null);

  const columns: ListColumn<Webhook>[] = [
    {
      title: t('webhooks.url'),
      dataIndex: 'url',
      primary: true,
      render: (v: string) => (
        <Typography.Text data-testid="webhook-row-url" style={{ wordBreak: 'break-all' }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t('webhooks.events'),
      dataIndex: 'events',
      render: (events: WebhookEvent[]) => (
        <Space size={[4, 4]} wrap>
          {events.map((e) => (
            <Tag key={e}>{t(`webhooks.event.${e.replace('.', '_')}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('webhooks.active'),
      dataIndex: 'active',
      render: (active: boolean, h) => (
        <Switch
          checked={active}
          disabled={!canEdit}
          aria-label={t('webhooks.active_label', { url: h.url })}
          data-testid="webhook-active"
          onChange={(v) =>
            update.mutateAsync({ id: h.id, url: h.url, events: h.events, active: v }).catch((e) => message.error(translateApiError(t, e)))
          }
        />
      ),
    },
    { title: t('tokens.created'), dataIndex: 'created_at', render: (v: string) => when(v) },
    {
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, h) => (
        <Space wrap>
          <Button size="small" icon={<HistoryOutlined />} onClick={() => setLog(h)} data-testid="webhook-log">
            {t('webhooks.log')}
          </Button>
          {canEdit && (
            <Popconfirm
              title={t('webhooks.delete_confirm', { url: h.url })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() =>
                remove.mutateAsync(h.id).then(
                  () => message.success(t('webhooks.deleted')),
                  (e) => message.error(translateApiError(t, e)),
                )
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} data-testid="webhook-delete">
                {t('common:actions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('menu.webhooks')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="webhook-create">
              {t('webhooks.create')}
            </Button>
          )
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
        {hooks.error ? (
          <QueryError error={hooks.error} onRetry={() => void hooks.refetch()} />
        ) : (
          <ResponsiveTable<Webhook>
            rowKey="id"
            columns={columns}
            dataSource={hooks.data ?? []}
            loading={hooks.isLoading}
            pagination={false}
            locale={{ emptyText: t('webhooks.empty') }}
            data-testid="webhooks-table"
          />
        )}
      </Card>
      <CreateWebhookModal open={open} onClose={() => setOpen(false)} />
      <DeliveriesDrawer hook={log} onClose={() => setLog(null)} />
    </>
  );
}
