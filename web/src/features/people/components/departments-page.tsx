import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useDeleteDepartment, useDepartments, useSaveDepartment, type DepartmentInput } from '../api/departments';
import type { Department } from '../api/faces';
import { PersonPicker } from './person-picker';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { ApiError } from '../../../lib/api-client';
import { useFormRules } from '../../../lib/form-rules';
import { applyServerErrors, translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchBox } from '../../../components/search-box';

export const DEPARTMENTS_PAGE_SIZE = 30;

function DepartmentModal({ open, department, onClose }: { open: boolean; department: Department | null; onClose: () => void }) {
  const { t } = useTranslation(['people', 'common', 'errors']);
  const rules = useFormRules();
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartmentInput>();
  const save = useSaveDepartment();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (department) form.setFieldsValue({ name: department.name, description: department.description, head_id: department.head_id ?? null, absence_warning: department.absence_warning ?? 0 });
  }, [open, department, form]);

  const onFinish = (v: DepartmentInput) =>
    save.mutate(
      { ...v, head_id: v.head_id ?? null, id: department?.id },
      {
        onSuccess: () => {
          message.success(t('common:messages.saved'));
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) form.setFields([{ name: 'name', errors: [translateApiError(t, e)] }]);
          else if (!applyServerErrors(form, e, t)) message.error(translateApiError(t, e));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={department ? t('departments.edit') : t('departments.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'department-submit' } as Record<string, string>}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="name" label={t('fields.department_name')} rules={[rules.nameRequired(), rules.max(100)]}>
          <Input data-testid="department-name" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[rules.max(200)]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="head_id" label={t('fields.head_id')} tooltip={t('reporting.head_help')}>
          <PersonPicker orgKind="company" currentName={department?.head_name} data-testid="department-head" />
        </Form.Item>
        <Form.Item name="absence_warning" label={t('fields.absence_warning')} extra={t('departments.absence_warning_help')} initialValue={0}>
          <InputNumber min={0} max={1000} precision={0} data-testid="department-absence-warning" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function DepartmentsPage() {
  const { t } = useTranslation(['people', 'common']);
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.company.employee');
  const { list, search, setSearch } = useQuickSearchList(DEPARTMENTS_PAGE_SIZE);
  const query = useDepartments({ page: list.page, size: list.size, name: list.q || undefined });
  const remove = useDeleteDepartment();
  const [modal, setModal] = useState<{ open: boolean; department: Department | null }>({ open: false, department: null });

  const columns: TableColumnsType<Department> = [
    { title: t('fields.department_name'), dataIndex: 'name' },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    { title: t('fields.head_id'), dataIndex: 'head_name', render: (v?: string) => v || '—' },
    { title: t('departments.members'), dataIndex: 'members', width: 120 },
    { title: t('departments.created'), dataIndex: 'created_at', width: 140, render: (v?: string) => (v ? dayjs(v).format('YYYY-MM-DD') : '') },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 120,
      render: (_, d) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, department: d })} />
          <Popconfirm
            title={t('departments.delete_confirm', { name: d.name })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(d.id).then(
                () => message.success(t('common:messages.deleted')),
                (e) => message.error(translateApiError(t, e)),
              )
            }
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} />
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('departments.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, department: null })} data-testid="department-create">
              {t('departments.create')}
            </Button>
          )
        }
      />
      <Card>
        <SearchBox
          allowClear
          placeholder={t('departments.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="departments-search"
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<Department>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
      <DepartmentModal open={modal.open} department={modal.department} onClose={() => setModal({ open: false, department: null })} />
    </>
  );
}
