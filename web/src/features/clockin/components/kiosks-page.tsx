// Kiosks (admins): a tablet at a site's entrance. Making one shows its secret URL once, to
// open on the tablet; revoking stops that URL at once.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/use-session';
import { useCreateKiosk, useKiosks, useRevokeKiosk, useSetPinPad, useSites, type Kiosk } from '../api/clockin';
import { clockError, withClockErrors } from '../api/errors';
import { KioskPinsCard } from './kiosk-pins-card';

function CreateKioskModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t: rawT } = useTranslation(['clockin', 'common', 'errors']);
  const t = withClockErrors(rawT);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; site_id: number; pin_pad: boolean }>();
  const sites = useSites();
  const create = useCreateKiosk();
  const [made, setMade] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setMade(null);
  }, [open, form]);

  const onFinish = (v: { name: string; site_id: number; pin_pad?: boolean }) =>
    create.mutate(
      { name: v.name.trim(), site_id: v.site_id, pin_pad: !!v.pin_pad },
      {
        onSuccess: (r) => setMade(`${window.location.origin}${r.path}`),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(clockError(rawT, e));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={rawT('kiosks.create')}
      onCancel={onClose}
      onOk={() => (made ? onClose() : form.submit())}
      okText={made ? rawT('kiosks.done') : rawT('common:actions.save')}
      cancelButtonProps={made ? { style: { display: 'none' } } : undefined}
      cancelText={rawT('common:actions.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'kiosk-submit' } as Record<string, string>}
      forceRender
    >
      {made ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={rawT('kiosks.url_once')} />
          <Typography.Paragraph copyable={{ text: made }} code data-testid="kiosk-url" style={{ wordBreak: 'break-all' }}>
            {made}
          </Typography.Paragraph>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="name" label={rawT('kiosks.name')} rules={[rules.nameRequired(), rules.max(100)]}>
            <Input data-testid="kiosk-name" placeholder={rawT('kiosks.name_placeholder')} />
          </Form.Item>
          <Form.Item name="site_id" label={rawT('kiosks.site')} rules={[rules.requiredSelect()]}>
            <Select
              loading={sites.isLoading}
              options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              notFoundContent={rawT('kiosks.no_sites')}
              data-testid="kiosk-site"
            />
          </Form.Item>
          <Form.Item name="pin_pad" label={rawT('kiosks.pin_pad')} extra={rawT('kiosks.pin_pad_help')} valuePropName="checked" initialValue={false}>
            <Switch data-testid="kiosk-pin-pad" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export default function KiosksPage() {
  const { t } = useTranslation(['clockin', 'common', 'errors']);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const kiosks = useKiosks();
  const revoke = useRevokeKiosk();
  const pinPad = useSetPinPad();
  const [open, setOpen] = useState(false);
  const when = (v?: string | null) => (v ? new Date(v).toLocaleString() : '–');

  const columns: TableColumnsType<Kiosk> = [
    { title: t('kiosks.name'), dataIndex: 'name', render: (v: string) => <span data-testid="kiosk-row-name">{v}</span> },
    { title: t('kiosks.site'), dataIndex: 'site_name' },
    { title: t('kiosks.last_seen'), dataIndex: 'last_seen', render: (v: string | null) => when(v) },
    {
      title: t('kiosks.pin_pad'),
      key: 'pin_pad',
      render: (_, k) =>
        canEdit && !k.revoked_at ? (
          <Switch
            checked={k.pin_pad}
            aria-label={t('kiosks.pin_pad_of', { name: k.name })}
            loading={pinPad.isPending && pinPad.variables?.id === k.id}
            onChange={(on) =>
              pinPad.mutate(
                { id: k.id, pin_pad: on },
                { onSuccess: () => message.success(on ? t('kiosks.pin_pad_on') : t('kiosks.pin_pad_off')), onError: (e) => message.error(clockError(t, e)) },
              )
            }
            data-testid="kiosk-row-pin-pad"
          />
        ) : k.pin_pad ? (
          t('kiosks.yes')
        ) : (
          t('kiosks.no')
        ),
    },
    {
      title: t('kiosks.state'),
      key: 'state',
      render: (_, k) =>
        k.revoked_at ? <Tag data-testid="kiosk-row-state">{t('kiosks.revoked', { when: when(k.revoked_at) })}</Tag> : <Tag color="green" data-testid="kiosk-row-state">{t('kiosks.live')}</Tag>,
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 120,
      render: (_, k) =>
        k.revoked_at ? null : (
          <Popconfirm
            title={t('kiosks.revoke_confirm', { name: k.name })}
            okText={t('kiosks.revoke')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              revoke.mutateAsync(k.id).then(
                () => message.success(t('kiosks.revoked_done')),
                (e) => message.error(clockError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<StopOutlined />} data-testid="kiosk-revoke">
              {t('kiosks.revoke')}
            </Button>
          </Popconfirm>
        ),
    });

  return (
    <>
      <PageHeader
        title={t('menu.kiosks')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="kiosk-create">
              {t('kiosks.create')}
            </Button>
          )
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('kiosks.intro')}</Typography.Paragraph>
        {kiosks.error ? (
          <QueryError error={kiosks.error} onRetry={() => void kiosks.refetch()} />
        ) : (
          <Table rowKey="id" columns={columns} dataSource={kiosks.data ?? []} loading={kiosks.isLoading} pagination={false} scroll={{ x: 'max-content' }} data-testid="kiosks-table" />
        )}
      </Card>
      <KioskPinsCard orgKind={orgKind} canEdit={canEdit} />
      <CreateKioskModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
