// Members or non-members of a group: search by first name, multi-select, bulk add or remove.
import { useState } from 'react';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupFace, GroupMember } from '../api/faces';
import { MEMBERS_PAGE_SIZE, useChangeMembers, useGroupMembers } from '../api/groups';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { MIN_SEARCH_LENGTH } from '../../../lib/use-list-url-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-quick-search-list';
import { SearchBox } from '../../../components/search-box';

export function MembersTab({ face, groupId, inside, canEdit }: { face: GroupFace; groupId: number; inside: boolean; canEdit: boolean }) {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const firstName = debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined;
  const query = useGroupMembers(face, groupId, inside, { page, firstName });
  const change = useChangeMembers(face);
  const [selected, setSelected] = useState<number[]>([]);
  const prefix = inside ? 'members' : 'non-members';

  const columns: TableColumnsType<GroupMember> = [
    { title: t('fields.code'), dataIndex: 'code', width: 120 },
    { title: t('fields.name'), dataIndex: 'name', render: (v: string) => <span data-testid={`${prefix}-name`}>{v}</span> },
    { title: t('fields.email'), dataIndex: 'email', ellipsis: true },
  ];

  const apply = () =>
    change.mutate(
      { id: groupId, ids: selected, add: !inside },
      {
        onSuccess: () => {
          message.success(inside ? t('members.removed', { count: selected.length }) : t('members.added', { count: selected.length }));
          setSelected([]);
        },
        onError: (e) => message.error(translateApiError(t, e)),
      },
    );

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <SearchBox
          allowClear
          placeholder={t('members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          data-testid={`${prefix}-search`}
        />
        {canEdit && (
          <Button
            type={inside ? 'default' : 'primary'}
            danger={inside}
            disabled={!selected.length}
            loading={change.isPending}
            onClick={apply}
            data-testid={inside ? 'members-remove' : 'members-add'}
          >
            {inside ? t('members.remove', { count: selected.length }) : t('members.add', { count: selected.length })}
          </Button>
        )}
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<GroupMember>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined}
          pagination={{ current: page, pageSize: MEMBERS_PAGE_SIZE, total: query.data?.meta.pagination.total ?? 0, onChange: setPage, showSizeChanger: false }}
          data-testid={`${prefix}-table`}
        />
      )}
    </>
  );
}
