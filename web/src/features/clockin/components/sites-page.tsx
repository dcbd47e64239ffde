// Clock sites (admins): where people may clock in from the web. A site is a circle (centre
// and radius in metres) with the largest GPS accuracy accepted, or "anywhere"; each names the
// groups allowed there. "Use my position" fills the centre from this device.
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { AimOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/use-session';
import { useDeleteSite, useGroupOptions, useSaveSite, useSites, type Site } from '../api/clockin';
import { clockError, withClockErrors } from '../api/errors';
import { currentPosition, PositionError } from '../api/geolocation';

interface Values {
  name: string;
  anywhere: boolean;
  latitude?: number;
  longitude?: number;
  radius?: number;
  max_accuracy?: number;
  group_ids: number[];
}

function SiteModal({ open, site, orgKind, onClose }: { open: boolean; site: Site | null; orgKind: 'school' | 'company'; onClose: () => void }) {
  const { t: rawT } = useTranslation(['clockin', 'common', 'errors']);
  const t = withClockErrors(rawT);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const anywhere = Form.useWatch('anywhere', form);
  const save = useSaveSite();
  const groups = useGroupOptions(orgKind);
  const [locating, setLocating] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (site) form.setFieldsValue({ ...site, group_ids: site.group_ids });
    else form.setFieldsValue({ anywhere: false, radius: 150, max_accuracy: 100, group_ids: [] });
  }, [open, site, form]);

  const here = async () => {
    setLocating(true);
    try {
      const p = await currentPosition();
      form.setFieldsValue({ latitude: Number(p.latitude.toFixed(6)), longitude: Number(p.longitude.toFixed(6)) });
    } catch (e) {
      message.warning(rawT(`position.${e instanceof PositionError ? e.reason : 'unavailable'}.title`));
    } finally {
      setLocating(false);
    }
  };

  const onFinish = (v: Values) =>
    save.mutate(
      { id: site?.id, name: v.name.trim(), anywhere: v.anywhere, latitude: v.latitude, longitude: v.longitude, radius: v.radius, max_accuracy: v.max_accuracy, group_ids: v.group_ids ?? [] },
      {
        onSuccess: () => {
          message.success(rawT('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(form, e, t)) message.error(clockError(rawT, e));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={site ? rawT('sites.edit') : rawT('sites.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={rawT('common:actions.save')}
      cancelText={rawT('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'site-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={rawT('sites.name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="site-name" />
        </Form.Item>
        <Form.Item name="anywhere" label={rawT('sites.anywhere')} valuePropName="checked" extra={rawT('sites.anywhere_hint')}>
          <Switch data-testid="site-anywhere" />
        </Form.Item>
        {!anywhere && (
          <>
            <Space wrap size={16} style={{ display: 'flex' }}>
              <Form.Item name="latitude" label={rawT('sites.latitude')} rules={[rules.requiredSelect()]}>
                <InputNumber min={-90} max={90} step={0.0001} style={{ width: 170 }} data-testid="site-latitude" />
              </Form.Item>
              <Form.Item name="longitude" label={rawT('sites.longitude')} rules={[rules.requiredSelect()]}>
                <InputNumber min={-180} max={180} step={0.0001} style={{ width: 170 }} data-testid="site-longitude" />
              </Form.Item>
            </Space>
            <Button icon={<AimOutlined />} onClick={() => void here()} loading={locating} style={{ marginBottom: 16 }} data-testid="site-here">
              {rawT('sites.use_my_position')}
            </Button>
            <Space wrap size={16} style={{ display: 'flex' }}>
              <Form.Item name="radius" label={rawT('sites.radius')} rules={[rules.requiredSelect()]}>
                <InputNumber min={10} max={100000} precision={0} addonAfter="m" style={{ width: 170 }} data-testid="site-radius" />
              </Form.Item>
              <Form.Item name="max_accuracy" label={rawT('sites.max_accuracy')} rules={[rules.requiredSelect()]} tooltip={rawT('sites.max_accuracy_hint')}>
                <InputNumber min={1} max={10000} precision={0} addonAfter="m" style={{ width: 170 }} data-testid="site-max-accuracy" />
              </Form.Item>
            </Space>
          </>
        )}
        <Form.Item name="group_ids" label={rawT('sites.groups')} extra={rawT('sites.groups_hint')}>
          <Select
            mode="multiple"
            loading={groups.isLoading}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            optionFilterProp="label"
            data-testid="site-groups"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function SitesPage() {
  const { t } = useTranslation(['clockin', 'common', 'errors']);
  const { message } = App.useApp();
  const session = useSession();
  const orgKind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${orgKind}.employee`);
  const sites = useSites();
  const groups = useGroupOptions(orgKind);
  const remove = useDeleteSite();
  const [modal, setModal] = useState<{ open: boolean; site: Site | null }>({ open: false, site: null });
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));

  const columns: TableColumnsType<Site> = [
    { title: t('sites.name'), dataIndex: 'name', render: (v: string) => <span data-testid="site-row-name">{v}</span> },
    {
      title: t('sites.where'),
      key: 'where',
      render: (_, s) =>
        s.anywhere ? (
          <Tag color="purple">{t('sites.anywhere')}</Tag>
        ) : (
          <Typography.Text>
            {t('sites.circle', { lat: s.latitude.toFixed(5), lon: s.longitude.toFixed(5), radius: s.radius, accuracy: s.max_accuracy })}
          </Typography.Text>
        ),
    },
    {
      title: t('sites.groups'),
      key: 'groups',
      render: (_, s) =>
        s.group_ids.length ? (
          <Space wrap size={4}>
            {s.group_ids.map((id) => (
              <Tag key={id}>{groupName.get(id) ?? `#${id}`}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('sites.no_groups')}</Typography.Text>
        ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 110,
      render: (_, s) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, site: s })} data-testid="site-edit" />
          <Popconfirm
            title={t('sites.delete_confirm', { name: s.name })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(s.id).then(
                () => message.success(t('common:messages.deleted')),
                (e) => message.error(clockError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} data-testid="site-delete" />
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <>
      <PageHeader
        title={t('menu.sites')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, site: null })} data-testid="site-create">
              {t('sites.create')}
            </Button>
          )
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('sites.intro')}</Typography.Paragraph>
        {sites.error ? (
          <QueryError error={sites.error} onRetry={() => void sites.refetch()} />
        ) : (
          <Table rowKey="id" columns={columns} dataSource={sites.data ?? []} loading={sites.isLoading} pagination={false} scroll={{ x: 'max-content' }} data-testid="sites-table" />
        )}
      </Card>
      <SiteModal open={modal.open} site={modal.site} orgKind={orgKind} onClose={() => setModal({ open: false, site: null })} />
    </>
  );
}
