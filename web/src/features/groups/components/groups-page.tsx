import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { CalendarOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { groupFaceOf, type Group, type GroupKind } from '../api/faces';
import { GROUPS_PAGE_SIZE, useDeleteGroup, useGroups } from '../api/groups';
import { GroupDrawer } from './group-drawer';
import { GroupFormModal } from './group-form-modal';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { useSession } from '../../../lib/use-session';
import { SearchBox } from '../../../components/search-box';

export default function GroupsPage({ kind }: { kind: GroupKind }) {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const face = groupFaceOf(kind);
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const { list, search, setSearch } = useQuickSearchList(GROUPS_PAGE_SIZE);
  const query = useGroups(face, { page: list.page, size: list.size, name: list.q || undefined });
  const remove = useDeleteGroup(face);
  const [modal, setModal] = useState<{ open: boolean; group: Group | null }>({ open: false, group: null });
  const [detail, setDetail] = useState<Group | null>(null);

  const columns: TableColumnsType<Group> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      render: (v: string, g) => (
        <a onClick={() => setDetail(g)} data-testid="group-open">
          {v}
        </a>
      ),
    },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    ...(face.hasMode ? [{ title: t('fields.mode'), dataIndex: 'mode', width: 130, render: (v: string) => (v ? t(`modes.${v}`) : '') }] : []),
    { title: t('fields.time_in'), dataIndex: 'time_in', width: 90 },
    { title: t('fields.cut_off_time_in'), dataIndex: 'cut_off_time_in', width: 110 },
    { title: t('fields.time_out'), dataIndex: 'time_out', width: 90 },
    { title: t('fields.cut_off_time_out'), dataIndex: 'cut_off_time_out', width: 110 },
    { title: t('list.members'), dataIndex: 'members', width: 90 },
    {
      key: 'actions',
      title: t('common:actions.actions'),
      width: 130,
      render: (_, g) => (
        <Space>
          <Button size="small" icon={<CalendarOutlined />} aria-label={t('list.open')} onClick={() => setDetail(g)} />
          {canEdit && (
            <>
              <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setModal({ open: true, group: g })} data-testid="group-edit" />
              <Popconfirm
                title={t('list.delete_confirm', { name: g.name })}
                okText={t('common:actions.delete')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() =>
                  remove.mutateAsync(g.id).then(
                    () => message.success(t('common:messages.deleted')),
                    (e) => message.error(translateApiError(t, e)),
                  )
                }
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common:actions.delete')} data-testid="group-delete" />
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(`title.${kind}`)}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, group: null })} data-testid="group-create">
              {t('form.create')}
            </Button>
          )
        }
      />
      <Card>
        <SearchBox
          allowClear
          placeholder={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="groups-search"
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<Group>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            scroll={{ x: 900 }}
            data-testid="groups-table"
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
      <GroupFormModal face={face} open={modal.open} group={modal.group} onClose={() => setModal({ open: false, group: null })} />
      <GroupDrawer face={face} group={detail} canEdit={canEdit} onClose={() => setDetail(null)} />
    </>
  );
}
