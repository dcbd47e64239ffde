// Leave (or away) type details: the list with create/edit and delete (409 when in use).
import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { orgFace, type LeaveKind, type LeaveType, type LeaveTypeInput, type OrgKind, type OrgLeaveFace } from '../api/faces';
import { useDeleteLeaveType, useLeaveTypes, useSaveLeaveType } from '../api/leave-types';
import { formatAmount } from '../api/amounts';
import { StatisticsPanel } from './statistics-panel';
import { ChainModal } from './chain-editor';
import { SearchBox } from '../../../components/search-box';
import { EMPTY_POLICY, PolicySection } from './policy-section';

const EMPTY: LeaveTypeInput = { type: '', description: '', unit: 'day', day_count: 0, paid: true, allow_negative: false, attachment_required: false, max_carry: 0, policy: EMPTY_POLICY };

function TypeModal({ face, open, type, onClose }: { face: OrgLeaveFace; open: boolean; type: LeaveType | null; onClose: () => void }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<LeaveTypeInput>();
  const save = useSaveLeaveType(face);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(type ? { ...EMPTY, ...type, policy: { ...EMPTY_POLICY, ...type.policy } } : EMPTY);
  }, [open, type, form]);

  const onFinish = (v: LeaveTypeInput) =>
    save.mutate(
      { ...EMPTY, ...v, policy: { ...EMPTY_POLICY, ...v.policy }, id: type?.id },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) form.setFields([{ name: 'type', errors: [translateApiError(t, e)] }]);
          else if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={type ? t('types.edit', { kind: t(`kind.${face.kind}`) }) : t('types.create', { kind: t(`kind.${face.kind}`) })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'leave-type-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="type" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('errors:validation.required') }, { max: 100, message: t('errors:validation.max', { max: 100 }) }]}>
          <Input data-testid="leave-type-name" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[{ max: 200, message: t('errors:validation.max', { max: 200 }) }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="unit" label={t('fields.unit')}>
            <Radio.Group>
              <Radio.Button value="day">{t('units.day')}</Radio.Button>
              <Radio.Button value="hour">{t('units.hour')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="day_count" label={t('fields.day_count')}>
            <InputNumber min={0} step={0.5} precision={2} data-testid="leave-type-day-count" />
          </Form.Item>
          <Form.Item name="max_carry" label={t('fields.max_carry')}>
            <InputNumber min={0} step={0.5} precision={2} />
          </Form.Item>
        </Space>
        <Form.Item name="paid" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('fields.paid')}</Checkbox>
        </Form.Item>
        <Form.Item name="allow_negative" valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{t('fields.allow_negative')}</Checkbox>
        </Form.Item>
        <Form.Item name="attachment_required" valuePropName="checked">
          <Checkbox>{t('fields.attachment_required')}</Checkbox>
        </Form.Item>
        <PolicySection />
      </Form>
    </Modal>
  );
}

export default function LeaveTypesPage({ org, kind }: { org: OrgKind; kind: LeaveKind }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const face = orgFace(org, kind);
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const { list, search, setSearch } = useQuickSearchList(face.typePageSize);
  const query = useLeaveTypes(face, { page: list.page, size: list.size, name: list.q || undefined });
  const remove = useDeleteLeaveType(face);
  const [modal, setModal] = useState<{ open: boolean; type: LeaveType | null }>({ open: false, type: null });
  const [chainOf, setChainOf] = useState<LeaveType | null>(null);
  // The organisation's one chain for attendance corrections is set beside the leave types' chains.
  const [correctionChain, setCorrectionChain] = useState<{ id: number; type: string } | null>(null);
  // So is its one chain for overtime requests (issue 13).
  const [overtimeChain, setOvertimeChain] = useState<{ id: number; type: string } | null>(null);
  const yes = (v: boolean) => (v ? <Tag color="green">{t('types.yes')}</Tag> : <Tag>{t('types.no')}</Tag>);

  const columns: TableColumnsType<LeaveType> = [
    { title: t('fields.name'), dataIndex: 'type', render: (v: string) => <span data-testid="leave-type-row-name">{v}</span> },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    { title: t('fields.unit'), dataIndex: 'unit', width: 90, render: (v: string) => t(`units.${v}`) },
    { title: t('fields.day_count'), dataIndex: 'day_count', width: 110, render: (v: number) => formatAmount(v) },
    { title: t('fields.paid'), dataIndex: 'paid', width: 90, render: yes },
    { title: t('fields.allow_negative_short'), dataIndex: 'allow_negative', width: 110, render: yes },
    { title: t('fields.attachment_short'), dataIndex: 'attachment_required', width: 110, render: yes },
    { title: t('fields.max_carry'), dataIndex: 'max_carry', width: 110, render: (v: number) => formatAmount(v) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 150,
      render: (_, x) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, type: x })} />
          <Button
            size="small"
            icon={<ApartmentOutlined />}
            aria-label={t('chain.open', { name: x.type })}
            title={t('chain.open', { name: x.type })}
            onClick={() => setChainOf(x)}
            data-testid={`leave-type-chain-${x.id}`}
          />
          <Popconfirm
            title={t('types.delete_confirm', { name: x.type })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(x.id).then(
                () => message.success(t('common:messages.deleted')),
                (e) => message.error(translateApiError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} data-testid={`leave-type-delete-${x.id}`} />
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t(`titles.${kind}_details`)}
        extra={
          canEdit && (
            <Space wrap>
              {kind === 'leave' && (
                // Its label is long in some languages (German: 40 letters): on a phone it wraps
                // inside the button instead of widening the page.
                <Button
                  icon={<ApartmentOutlined />}
                  onClick={() => setCorrectionChain({ id: 0, type: t('chain.corrections') })}
                  style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, textAlign: 'start', maxWidth: '100%' }}
                  data-testid="correction-chain-open"
                >
                  {t('chain.corrections_open')}
                </Button>
              )}
              {kind === 'leave' && (
                <Button
                  icon={<ApartmentOutlined />}
                  onClick={() => setOvertimeChain({ id: 0, type: t('chain.overtime') })}
                  style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32, textAlign: 'start', maxWidth: '100%' }}
                  data-testid="overtime-chain-open"
                >
                  {t('chain.overtime_open')}
                </Button>
              )}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, type: null })} data-testid="leave-type-create">
                {t('types.create', { kind: t(`kind.${kind}`) })}
              </Button>
            </Space>
          )
        }
      />
      <Card>
        <SearchBox
          allowClear
          placeholder={t('types.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<LeaveType>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            scroll={{ x: 900 }}
            data-testid="leave-types-table"
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
      {org === 'school' && <StatisticsPanel face={face} />}
      <TypeModal face={face} open={modal.open} type={modal.type} onClose={() => setModal({ open: false, type: null })} />
      <ChainModal org={org} kind={kind} type={chainOf} onClose={() => setChainOf(null)} />
      <ChainModal org={org} kind="attendance_correction" type={correctionChain} onClose={() => setCorrectionChain(null)} />
      <ChainModal org={org} kind="overtime" type={overtimeChain} onClose={() => setOvertimeChain(null)} />
    </>
  );
}
