// Beacons: name, identifier (uuid:major:minor) and serial number; a page of 20 with the name
// filter in the URL; create, edit (the UUID checked as 8-4-4-4-12 hexadecimal) and delete.
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BEACONS_PAGE_SIZE, useBeacons, useDeleteBeacon, useSaveBeacon, type Beacon } from '../api/beacons';
import { BEACON_NUMBER_MAX, beaconIdentifier, isBeaconUuid, normaliseBeaconUuid } from '../api/beacon-id';
import { applyDeviceErrors, withDeviceErrors } from '../api/errors';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { useFormRules } from '../../../lib/form-rules';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { useSession } from '../../../lib/use-session';
import { SearchBox } from '../../../components/search-box';

interface Values {
  name: string;
  uuid: string;
  major: number;
  minor: number;
  serial_number?: string;
}

function BeaconModal({ open, beacon, onClose }: { open: boolean; beacon: Beacon | null; onClose: () => void }) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveBeacon();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (beacon) form.setFieldsValue({ name: beacon.name, uuid: beacon.uuid, major: beacon.major, minor: beacon.minor, serial_number: beacon.serial_number });
    else form.setFieldsValue({ major: 0, minor: 0 });
  }, [open, beacon, form]);

  const onFinish = (v: Values) =>
    save.mutate(
      { id: beacon?.id, name: v.name.trim(), uuid: normaliseBeaconUuid(v.uuid), major: v.major, minor: v.minor, serial_number: v.serial_number?.trim() ?? '' },
      {
        onSuccess: () => {
          message.success(rawT('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyDeviceErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  const numberRules = [rules.requiredSelect()];
  return (
    <Modal
      open={open}
      title={beacon ? rawT('beacons.edit') : rawT('beacons.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={rawT('common:actions.save')}
      cancelText={rawT('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'beacon-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={rawT('fields.name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="beacon-name" />
        </Form.Item>
        <Form.Item
          name="uuid"
          label={rawT('beacons.uuid')}
          extra={rawT('beacons.uuid_hint')}
          rules={[
            rules.required(),
            { validator: (_, v: string) => (!v || isBeaconUuid(v) ? Promise.resolve() : Promise.reject(new Error(t('errors:validation.uuid')))) },
          ]}
        >
          <Input placeholder="f7826da6-4fa2-4e98-8024-bc5b71e0893e" data-testid="beacon-uuid" />
        </Form.Item>
        <Space size={16} style={{ display: 'flex' }}>
          <Form.Item name="major" label={rawT('beacons.major')} rules={numberRules}>
            <InputNumber min={0} max={BEACON_NUMBER_MAX} precision={0} style={{ width: 160 }} data-testid="beacon-major" />
          </Form.Item>
          <Form.Item name="minor" label={rawT('beacons.minor')} rules={numberRules}>
            <InputNumber min={0} max={BEACON_NUMBER_MAX} precision={0} style={{ width: 160 }} data-testid="beacon-minor" />
          </Form.Item>
        </Space>
        <Form.Item name="serial_number" label={rawT('beacons.serial_number')} rules={[rules.max(60)]}>
          <Input data-testid="beacon-serial" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function BeaconsPage() {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const { message } = App.useApp();
  const session = useSession();
  const kind = session?.org?.kind === 'school' ? 'school' : 'company';
  const canEdit = !!session?.permissions?.includes(`add.manage.${kind}.employee`);
  const { list, search, setSearch } = useQuickSearchList(BEACONS_PAGE_SIZE);
  const query = useBeacons({ page: list.page, name: list.q || undefined });
  const remove = useDeleteBeacon();
  const [modal, setModal] = useState<{ open: boolean; beacon: Beacon | null }>({ open: false, beacon: null });

  const columns: TableColumnsType<Beacon> = [
    { title: rawT('fields.name'), dataIndex: 'name', render: (v: string) => <span data-testid="beacon-row-name">{v}</span> },
    {
      title: rawT('beacons.identifier'),
      key: 'identifier',
      render: (_, b) => (
        <Typography.Text code copyable data-testid="beacon-row-identifier">
          {beaconIdentifier(b)}
        </Typography.Text>
      ),
    },
    { title: rawT('beacons.serial_number'), dataIndex: 'serial_number', width: 180 },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      title: rawT('common:actions.actions'),
      width: 110,
      render: (_, b) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={rawT('common:actions.edit')} onClick={() => setModal({ open: true, beacon: b })} data-testid="beacon-edit" />
          <Popconfirm
            title={rawT('beacons.delete_confirm', { name: b.name })}
            okText={rawT('common:actions.delete')}
            cancelText={rawT('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(b.id).then(
                () => message.success(rawT('common:messages.deleted')),
                (e) => message.error(translateApiError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={rawT('common:actions.delete')} data-testid="beacon-delete" />
          </Popconfirm>
        </Space>
      ),
    });

  return (
    <>
      <PageHeader
        title={rawT('beacons.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, beacon: null })} data-testid="beacon-create">
              {rawT('beacons.create')}
            </Button>
          )
        }
      />
      <Card>
        <SearchBox
          allowClear
          placeholder={rawT('beacons.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="beacons-search"
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<Beacon>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            data-testid="beacons-table"
            pagination={{
              current: list.page,
              pageSize: BEACONS_PAGE_SIZE,
              total: query.data?.meta.pagination.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => list.update({ page: p }),
            }}
          />
        )}
      </Card>
      <BeaconModal open={modal.open} beacon={modal.beacon} onClose={() => setModal({ open: false, beacon: null })} />
    </>
  );
}
