// Entitlements of one person (picked, or preselected from ?employee_id= / ?id=), with create,
// edit and delete, and a bulk entitlement for chosen people, a group or everyone.
import { useEffect, useState } from 'react';
import { App, Button, Card, DatePicker, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useListUrlState } from '../../../lib/use-list-url-state';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { orgFace, personFace, type Entitlement, type LeaveKind, type PersonKind, type PersonLeaveFace } from '../api/faces';
import { ENTITLEMENT_PAGE_SIZE, useBulkEntitle, useDeleteEntitlement, useEntitlements, useSaveEntitlement } from '../api/entitlements';
import { useAllLeaveTypes } from '../api/leave-types';
import { useGroupOptions } from '../api/lookups';
import { EntitlementTable } from './entitlement-table';
import { PersonKindSwitch } from './person-kind-switch';
import { PersonPicker } from './person-picker';

interface FormValues {
  leave_type_id: number;
  entitled: number;
  carried_over?: number;
  period_start?: Dayjs | null;
  valid_until?: Dayjs | null;
  note?: string;
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

export function EntitlementFields({ typesPath, lockType, testPrefix = 'entitlement' }: { typesPath: string; lockType?: boolean; testPrefix?: string }) {
  const { t } = useTranslation(['leave', 'errors']);
  const types = useAllLeaveTypes(typesPath);
  const form = Form.useFormInstance();
  const typeId = Form.useWatch('leave_type_id', form) as number | undefined;
  const grant = types.data?.find((y) => y.id === typeId)?.policy?.grant;
  // A type whose policy grants the days takes a manual entitlement as an adjustment, up or
  // down, with its reason in the note (the API refuses it without one).
  const accrues = !!grant && grant !== 'manual';
  return (
    <>
      <Form.Item name="leave_type_id" label={t('fields.type')} rules={[{ required: true, message: t('errors:validation.required') }]}>
        <Select
          disabled={lockType}
          data-testid={`${testPrefix}-type`}
          options={(types.data ?? []).map((x) => ({ value: x.id, label: x.type }))}
          onChange={(id) => {
            const x = types.data?.find((y) => y.id === id);
            const grants = !!x?.policy?.grant && x.policy.grant !== 'manual';
            if (x && !form.getFieldValue('entitled')) form.setFieldValue('entitled', grants ? 0 : x.day_count);
          }}
        />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item
          name="entitled"
          label={accrues ? t('breakdown.adjustment') : t('fields.entitled')}
          tooltip={accrues ? t('entitlement.adjustment_hint') : undefined}
          rules={[{ required: true, message: t('errors:validation.required') }]}
        >
          <InputNumber min={accrues ? undefined : 0} step={0.5} precision={2} data-testid={`${testPrefix}-entitled`} />
        </Form.Item>
        <Form.Item name="carried_over" label={t('fields.carried_over')}>
          <InputNumber min={0} step={0.5} precision={2} />
        </Form.Item>
      </Space>
      <Space wrap size="large">
        <Form.Item name="period_start" label={t('fields.period_start')} tooltip={t('entitlement.period_hint')}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="valid_until" label={t('fields.valid_until')}>
          <DatePicker />
        </Form.Item>
      </Space>
      <Form.Item
        name="note"
        label={t('fields.note')}
        dependencies={['entitled']}
        rules={[
          { max: 200, message: t('errors:validation.max', { max: 200 }) },
          // An adjustment needs its reason, as the API says.
          ({ getFieldValue }) => ({
            validator: (_, v?: string) =>
              accrues && Number(getFieldValue('entitled') ?? 0) !== 0 && !v?.trim()
                ? Promise.reject(new Error(t('errors:leave.adjustment_reason')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input maxLength={200} data-testid={`${testPrefix}-note`} />
      </Form.Item>
    </>
  );
}

function EntitlementModal({
  face,
  typesPath,
  personId,
  open,
  entitlement,
  onClose,
}: {
  face: PersonLeaveFace;
  typesPath: string;
  personId: number;
  open: boolean;
  entitlement: Entitlement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEntitlement(face);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (entitlement)
      form.setFieldsValue({
        leave_type_id: entitlement.leave_type_id,
        entitled: entitlement.entitled,
        carried_over: entitlement.carried_over,
        period_start: entitlement.period_start ? dayjs(entitlement.period_start) : null,
        valid_until: entitlement.valid_until ? dayjs(entitlement.valid_until) : null,
        note: entitlement.note,
      });
  }, [open, entitlement, form]);

  const onFinish = (v: FormValues) =>
    save.mutate(
      { ...v, id: entitlement?.id, personId, period_start: day(v.period_start), valid_until: day(v.valid_until) },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
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
      title={entitlement ? t('entitlement.edit') : t('entitlement.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'entitlement-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <EntitlementFields typesPath={typesPath} lockType={!!entitlement} />
      </Form>
    </Modal>
  );
}

type Target = 'people' | 'group' | 'all';

function BulkModal({ face, typesPath, open, onClose }: { face: PersonLeaveFace; typesPath: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues & { target: Target; employees?: number[]; group_id?: number }>();
  const target = Form.useWatch('target', form);
  const groups = useGroupOptions(face, open && target === 'group');
  const bulk = useBulkEntitle(face);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const onFinish = (v: FormValues & { target: Target; employees?: number[]; group_id?: number }) =>
    bulk.mutate(
      {
        leave_type_id: v.leave_type_id,
        entitled: v.entitled,
        carried_over: v.carried_over,
        period_start: day(v.period_start),
        valid_until: day(v.valid_until),
        note: v.note,
        employees: v.target === 'people' ? v.employees : undefined,
        group_id: v.target === 'group' ? v.group_id : undefined,
        all: v.target === 'all' ? true : undefined,
      },
      {
        onSuccess: (r) => {
          message.success(t('entitlement.bulk_saved', { count: r.saved }));
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
      title={t('entitlement.bulk')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={bulk.isPending}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ target: 'people' }}>
        <Form.Item name="target" label={t('entitlement.bulk_for')}>
          <Radio.Group>
            <Radio.Button value="people">{t('entitlement.bulk_people')}</Radio.Button>
            <Radio.Button value="group">{t('entitlement.bulk_group')}</Radio.Button>
            <Radio.Button value="all">{t('entitlement.bulk_all')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {target === 'people' && (
          <Form.Item name="employees" label={t('fields.people')} rules={[{ required: true, message: t('errors:validation.required') }]}>
            <PersonPicker face={face} multiple style={{ width: '100%' }} testId="bulk-people" />
          </Form.Item>
        )}
        {target === 'group' && (
          <Form.Item name="group_id" label={t('fields.group')} rules={[{ required: true, message: t('errors:validation.required') }]}>
            <Select loading={groups.isFetching} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
          </Form.Item>
        )}
        <EntitlementFields typesPath={typesPath} testPrefix="bulk" />
      </Form>
    </Modal>
  );
}

export default function EntitlementPage({ kind, personKind }: { kind: LeaveKind; personKind: PersonKind }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const face = personFace(kind, personKind);
  const typesPath = orgFace(face.org, kind).api.types;
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const [params, setParams] = useSearchParams();
  const raw = params.get(face.personParam) ?? params.get('employee_id') ?? params.get('id');
  const personId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const list = useListUrlState(ENTITLEMENT_PAGE_SIZE);
  const query = useEntitlements(face, personId, { page: list.page, size: list.size });
  const remove = useDeleteEntitlement(face);
  const [modal, setModal] = useState<{ open: boolean; entitlement: Entitlement | null }>({ open: false, entitlement: null });
  const [bulkOpen, setBulkOpen] = useState(false);

  const pick = (id: number | undefined) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.delete('page');
      p.delete('id');
      p.delete('employee_id');
      if (id) p.set(face.personParam, String(id));
      return p;
    });

  const base = face.org === 'company' ? `/company/${kind}/entitlement/employee` : `/school/${kind}/entitlement`;

  return (
    <>
      <PageHeader
        title={t(`titles.${kind}_entitlement`)}
        extra={
          canEdit && (
            <Space>
              <Button icon={<TeamOutlined />} onClick={() => setBulkOpen(true)} data-testid="entitlement-bulk">
                {t('entitlement.bulk')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} disabled={!personId} onClick={() => setModal({ open: true, entitlement: null })} data-testid="entitlement-create">
                {t('entitlement.create')}
              </Button>
            </Space>
          )
        }
      />
      <PersonKindSwitch value={personKind} pathOf={(k) => `${base}/${k}`} />
      <Card>
        <Space style={{ marginBottom: 16 }} wrap>
          <span>{t(`person_kind.${personKind}`)}:</span>
          <PersonPicker face={face} value={personId} onChange={(v) => pick(typeof v === 'number' ? v : undefined)} testId="entitlement-person" />
        </Space>
        {!personId ? (
          <Empty description={t('entitlement.pick_person')} />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <EntitlementTable
            rows={query.data?.data ?? []}
            loading={query.isFetching}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
            extraColumns={
              canEdit
                ? [
                    {
                      key: 'actions',
                      title: t('common:actions.actions'),
                      width: 110,
                      // A year an accruing policy computes (no stored row) has nothing to edit or delete.
                      render: (_, e) =>
                        !e.id ? null : (
                        <Space>
                          <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, entitlement: e })} />
                          <Popconfirm
                            title={t('entitlement.delete_confirm', { name: e.leave_type })}
                            okText={t('common:actions.delete')}
                            cancelText={t('common:actions.cancel')}
                            onConfirm={() =>
                              remove.mutateAsync(e.id).then(
                                () => message.success(t('common:messages.deleted')),
                                (err) => message.error(translateApiError(t, err)),
                              )
                            }
                          >
                            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []
            }
          />
        )}
      </Card>
      {personId && (
        <EntitlementModal
          face={face}
          typesPath={typesPath}
          personId={personId}
          open={modal.open}
          entitlement={modal.entitlement}
          onClose={() => setModal({ open: false, entitlement: null })}
        />
      )}
      <BulkModal face={face} typesPath={typesPath} open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </>
  );
}
