// API tokens (issue 15): an admin creates named tokens for scripts, read-only or read/write,
// over chosen areas, with an optional last day. The secret is shown once, at creation; the
// list shows each token's last use, and revoking refuses it at once.
import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Form, Input, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { SecretOnceModal } from './secret-once-modal';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { dateInZone } from '../../../lib/org-date';
import { useSession } from '../../../lib/use-session';
import { TOKEN_AREAS, useApiTokens, useCreateApiToken, useRevokeApiToken, type ApiToken, type ApiTokenArea, type CreatedApiToken } from '../api/tokens';

const NAMESPACES = ['integrations', 'common', 'errors'];

interface TokenForm {
  name: string;
  access: 'read' | 'write';
  areas: ApiTokenArea[];
  expires_on?: Dayjs | null;
}

function CreateTokenModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const rules = useFormRules();
  const { message } = App.useApp();
  const session = useSession();
  const today = dateInZone(session?.org?.timezone ?? undefined);
  const [form] = Form.useForm<TokenForm>();
  const create = useCreateApiToken();
  const [made, setMade] = useState<CreatedApiToken | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setMade(null);
  }, [open, form]);

  const onFinish = (v: TokenForm) =>
    create.mutate(
      { name: v.name.trim(), write: v.access === 'write', areas: v.areas, expires_on: v.expires_on ? v.expires_on.format('YYYY-MM-DD') : undefined },
      {
        onSuccess: (r) => setMade(r),
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const example = made ? `curl -H "Authorization: Bearer ${made.token}" ${window.location.origin}/api/verify` : '';
  return (
    <SecretOnceModal
      open={open}
      title={t('tokens.create')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      pending={create.isPending}
      submitTestId="token-submit"
      shown={
        made && {
          secret: made.token,
          testId: 'token-secret',
          warning: t('tokens.shown_once'),
          help: (
            <>
              <Typography.Text type="secondary">{t('tokens.how_to_use')}</Typography.Text>
              <Typography.Paragraph code style={{ wordBreak: 'break-all' }}>
                {example.replace(made.token, `${made.prefix}…`)}
              </Typography.Paragraph>
            </>
          ),
        }
      }
    >
        <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ access: 'read', areas: [] }}>
          <Form.Item name="name" label={t('tokens.name')} rules={[rules.nameRequired(), rules.max(100)]}>
            <Input data-testid="token-name" placeholder={t('tokens.name_placeholder')} />
          </Form.Item>
          <Form.Item name="access" label={t('tokens.access')}>
            <Radio.Group data-testid="token-access">
              <Radio value="read">{t('tokens.read')}</Radio>
              <Radio value="write" data-testid="token-access-write">
                {t('tokens.write')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="areas" label={t('tokens.areas')} rules={[{ required: true, type: 'array', min: 1, message: t('tokens.areas_required') }]}>
            <Checkbox.Group data-testid="token-areas" options={TOKEN_AREAS.map((a) => ({ value: a, label: t(`tokens.area.${a}`) }))} />
          </Form.Item>
          <Form.Item name="expires_on" label={t('tokens.expires_on')} extra={t('tokens.expires_help')}>
            <DatePicker
              style={{ width: '100%' }}
              data-testid="token-expires"
              disabledDate={(d) => d.format('YYYY-MM-DD') < today}
              aria-label={t('tokens.expires_on')}
            />
          </Form.Item>
        </Form>
    </SecretOnceModal>
  );
}

function tokenState(tok: ApiToken): 'revoked' | 'expired' | 'active' {
  if (tok.revoked_at) return 'revoked';
  if (tok.expired) return 'expired';
  return 'active';
}

export default function TokensPage() {
  const { t } = useTranslation(NAMESPACES);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [open, setOpen] = useState(false);
  const when = (v?: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '–');

  const columns: ListColumn<ApiToken>[] = [
    { title: t('tokens.name'), dataIndex: 'name', primary: true, render: (v: string) => <span data-testid="token-row-name">{v}</span> },
    { title: t('tokens.prefix'), dataIndex: 'prefix', render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
    {
      title: t('tokens.access'),
      dataIndex: 'write',
      render: (w: boolean) => <Tag color={w ? 'orange' : 'blue'}>{w ? t('tokens.write') : t('tokens.read')}</Tag>,
    },
    {
      title: t('tokens.areas'),
      dataIndex: 'areas',
      render: (areas: ApiTokenArea[]) => (
        <Space size={[4, 4]} wrap>
          {areas.map((a) => (
            <Tag key={a}>{t(`tokens.area.${a}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('tokens.created'), key: 'created', render: (_, tok) => t('tokens.created_by', { when: when(tok.created_at), name: tok.created_by }) },
    {
      title: t('tokens.last_used'),
      key: 'last_used',
      render: (_, tok) => <span data-testid="token-row-last-used">{tok.last_used_at ? t('tokens.used_from', { when: when(tok.last_used_at), ip: tok.last_used_ip }) : t('tokens.never_used')}</span>,
    },
    { title: t('tokens.expires_on'), dataIndex: 'expires_at', render: (v: string | null) => (v ? when(v) : t('tokens.no_expiry')) },
    {
      title: t('tokens.state'),
      key: 'state',
      render: (_, tok) => {
        const s = tokenState(tok);
        return (
          <Tag color={s === 'active' ? 'green' : undefined} data-testid="token-row-state">
            {t(`tokens.states.${s}`)}
          </Tag>
        );
      },
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, tok) =>
        tok.revoked_at ? null : (
          <Popconfirm
            title={t('tokens.revoke_confirm', { name: tok.name })}
            okText={t('tokens.revoke')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              revoke.mutateAsync(tok.id).then(
                () => message.success(t('tokens.revoked_done')),
                (e) => message.error(translateApiError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<StopOutlined />} data-testid="token-revoke">
              {t('tokens.revoke')}
            </Button>
          </Popconfirm>
        ),
    });

  return (
    <>
      <PageHeader
        title={t('menu.tokens')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="token-create">
              {t('tokens.create')}
            </Button>
          )
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('tokens.intro')}</Typography.Paragraph>
        {tokens.error ? (
          <QueryError error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : (
          <ResponsiveTable<ApiToken>
            rowKey="id"
            columns={columns}
            dataSource={tokens.data ?? []}
            loading={tokens.isLoading}
            pagination={false}
            locale={{ emptyText: t('tokens.empty') }}
            data-testid="tokens-table"
          />
        )}
      </Card>
      <CreateTokenModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
