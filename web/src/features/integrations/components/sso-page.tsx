// Single sign-on (issue 15): an admin adds OpenID providers (Google and Microsoft presets or
// any issuer) with the e-mail domains that sign in through each, approves new members who
// signed in, and may turn password sign-in off (the owner keeps it, to get back in).
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/use-session';
import {
  useDecideSsoRequest,
  useDeleteSsoProvider,
  useSaveSsoProvider,
  useSetPasswordSignInOff,
  useSsoSettings,
  type SSOProvider,
  type SSOProviderInput,
  type SSORequest,
} from '../api/sso';

const NAMESPACES = ['integrations', 'common', 'errors'];
// Long labels and domains wrap inside their tag instead of widening a phone's page.
const WRAP = { whiteSpace: 'normal', wordBreak: 'break-word', marginInlineEnd: 0 } as const;
type Preset = NonNullable<SSOProviderInput['preset']>;
const ISSUERS: Record<Preset, string> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/<tenant id>/v2.0',
  custom: '',
};

interface ProviderForm {
  preset: Preset;
  name: string;
  issuer: string;
  client_id: string;
  client_secret?: string;
  domains: string[];
  match_email: boolean;
  create_members: boolean;
}

function ProviderModal({ open, editing, onClose }: { open: boolean; editing: SSOProvider | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProviderForm>();
  const save = useSaveSsoProvider();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        preset: editing.preset,
        name: editing.name,
        issuer: editing.issuer,
        client_id: editing.client_id,
        domains: editing.domains,
        match_email: editing.match_email,
        create_members: editing.create_members,
      });
  }, [open, editing, form]);

  const onPreset = (p: Preset) => {
    const name = form.getFieldValue('name') as string | undefined;
    form.setFieldsValue({ issuer: p === 'google' ? ISSUERS.google : '', name: name || (p === 'custom' ? '' : t(`sso.presets.${p}`)) });
  };

  const onFinish = (v: ProviderForm) =>
    save.mutate(
      {
        id: editing?.id,
        body: {
          preset: v.preset,
          name: v.name.trim(),
          issuer: v.issuer.trim(),
          client_id: v.client_id.trim(),
          client_secret: v.client_secret ?? '',
          domains: v.domains,
          match_email: v.match_email,
          create_members: v.create_members,
        },
      },
      {
        onSuccess: () => {
          message.success(t('sso.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={editing ? t('sso.edit') : t('sso.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'sso-provider-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<ProviderForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ preset: 'custom', domains: [], match_email: true, create_members: false }}
      >
        <Form.Item name="preset" label={t('sso.preset')}>
          <Select<Preset>
            onChange={onPreset}
            data-testid="sso-preset"
            options={(['google', 'microsoft', 'custom'] as const).map((p) => ({ value: p, label: t(`sso.presets.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('sso.name')} rules={[rules.required()]}>
          <Input maxLength={100} data-testid="sso-name" />
        </Form.Item>
        <Form.Item name="issuer" label={t('sso.issuer')} extra={t('sso.issuer_help')} rules={[rules.required()]}>
          <Input maxLength={300} placeholder={ISSUERS.microsoft} data-testid="sso-issuer" />
        </Form.Item>
        <Form.Item name="client_id" label={t('sso.client_id')} rules={[rules.required()]}>
          <Input maxLength={300} data-testid="sso-client-id" />
        </Form.Item>
        <Form.Item
          name="client_secret"
          label={t('sso.client_secret')}
          extra={editing ? t('sso.secret_keep') : undefined}
          rules={editing ? [] : [rules.required()]}
        >
          <Input.Password maxLength={500} autoComplete="new-password" data-testid="sso-client-secret" />
        </Form.Item>
        <Form.Item name="domains" label={t('sso.domains')} extra={t('sso.domains_help')} rules={[{ required: true, type: 'array', min: 1, message: t('sso.domains_required') }]}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} data-testid="sso-domains" aria-label={t('sso.domains')} />
        </Form.Item>
        <Form.Item name="match_email" valuePropName="checked" extra={t('sso.match_email_help')}>
          <Checkbox data-testid="sso-match-email">{t('sso.match_email')}</Checkbox>
        </Form.Item>
        <Form.Item name="create_members" valuePropName="checked" extra={t('sso.create_members_help')}>
          <Checkbox data-testid="sso-create-members">{t('sso.create_members')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function SsoSettingsPage() {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(`add.manage.${session?.org?.kind ?? 'company'}`);
  const settings = useSsoSettings();
  const setOff = useSetPasswordSignInOff();
  const remove = useDeleteSsoProvider();
  const decide = useDecideSsoRequest();
  const [modal, setModal] = useState<{ open: boolean; editing: SSOProvider | null }>({ open: false, editing: null });
  const fail = (e: unknown) => message.error(translateApiError(t, e));

  const providerColumns: ListColumn<SSOProvider>[] = [
    { title: t('sso.name'), dataIndex: 'name', primary: true, render: (v: string) => <span data-testid="sso-provider-name">{v}</span> },
    { title: t('sso.preset'), dataIndex: 'preset', render: (p: Preset) => t(`sso.presets.${p}`) },
    { title: t('sso.issuer'), dataIndex: 'issuer', render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> },
    {
      title: t('sso.domains'),
      dataIndex: 'domains',
      render: (ds: string[]) => (
        <Space size={[4, 4]} wrap>
          {ds.map((d) => (
            <Tag key={d} style={WRAP}>
              {d}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('sso.options'),
      key: 'options',
      render: (_, p) => (
        <Space size={[4, 4]} wrap>
          {p.match_email && (
            <Tag color="blue" style={WRAP}>
              {t('sso.match_email')}
            </Tag>
          )}
          {p.create_members && (
            <Tag color="orange" style={WRAP}>
              {t('sso.create_members')}
            </Tag>
          )}
        </Space>
      ),
    },
  ];
  if (canEdit)
    providerColumns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, p) => (
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => setModal({ open: true, editing: p })} aria-label={`${t('sso.edit')}: ${p.name}`}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('sso.delete_confirm', { name: p.name })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() => remove.mutateAsync(p.id).then(() => message.success(t('sso.deleted')), fail)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={`${t('common:actions.delete')}: ${p.name}`}>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });

  const requestColumns: ListColumn<SSORequest>[] = [
    { title: t('sso.request_name'), dataIndex: 'name', primary: true },
    { title: t('sso.request_email'), dataIndex: 'email' },
  ];
  if (canEdit)
    requestColumns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, r) => (
        <Space wrap>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            data-testid="sso-request-approve"
            onClick={() => decide.mutateAsync({ id: r.id, approve: true }).then(() => message.success(t('sso.approved')), fail)}
          >
            {t('sso.approve')}
          </Button>
          <Button
            icon={<CloseOutlined />}
            onClick={() => decide.mutateAsync({ id: r.id, approve: false }).then(() => message.success(t('sso.refused')), fail)}
          >
            {t('sso.refuse')}
          </Button>
        </Space>
      ),
    });

  const data = settings.data;
  return (
    <>
      <PageHeader
        title={t('menu.sso')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, editing: null })} data-testid="sso-add">
              {t('sso.add')}
            </Button>
          )
        }
      />
      {settings.error ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card>
            <Typography.Paragraph type="secondary">{t('sso.intro')}</Typography.Paragraph>
            {data && (
              <Typography.Paragraph>
                {t('sso.callback')}{' '}
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="sso-callback">
                  {data.callback_url}
                </Typography.Text>
              </Typography.Paragraph>
            )}
            <ResponsiveTable<SSOProvider>
              rowKey="id"
              columns={providerColumns}
              dataSource={data?.providers ?? []}
              loading={settings.isLoading}
              pagination={false}
              locale={{ emptyText: t('sso.empty') }}
              data-testid="sso-providers"
            />
          </Card>
          <Card title={t('sso.password_title')}>
            <Space align="start">
              <Switch
                id="sso-password-off"
                checked={!!data?.password_login_disabled}
                disabled={!canEdit || !data}
                loading={setOff.isPending}
                onChange={(off) => setOff.mutate(off, { onError: fail })}
                data-testid="sso-password-off"
              />
              <label htmlFor="sso-password-off">{t('sso.password_off')}</label>
            </Space>
            <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('sso.password_off_help')} />
          </Card>
          <Card title={t('sso.requests')}>
            <ResponsiveTable<SSORequest>
              rowKey="id"
              columns={requestColumns}
              dataSource={data?.requests ?? []}
              loading={settings.isLoading}
              pagination={false}
              locale={{ emptyText: t('sso.requests_empty') }}
              data-testid="sso-requests"
            />
          </Card>
        </Space>
      )}
      <ProviderModal open={modal.open} editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} />
    </>
  );
}
