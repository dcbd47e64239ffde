import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useDeletePosition, usePositions } from '../api/positions';
import { PositionFormModal } from './position-form-modal';
import { MIN_SEARCH_LENGTH, useListUrlState } from '../../../lib/use-list-url-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import type { Position } from '../../../lib/api-schemas';
import { SearchBox } from '../../../components/search-box';

export const POSITIONS_PAGE_SIZE = 30;
export const SEARCH_DEBOUNCE_MS = 200;

export default function PositionsPage() {
  const { t } = useTranslation(['company', 'common']);
  const { message } = App.useApp();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes('add.manage.company');
  const list = useListUrlState(POSITIONS_PAGE_SIZE);
  const [search, setSearch] = useState(list.q);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<Position | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const remove = useDeletePosition();

  // The filter this screen last wrote to the URL; any other value came from outside.
  const ownQ = useRef(list.q);

  // Quick search: only from two characters; clearing the box clears the filter.
  useEffect(() => {
    const term = debounced.trim();
    const next = term.length >= MIN_SEARCH_LENGTH ? term : '';
    if (next !== list.q) {
      ownQ.current = next;
      list.update({ q: next, page: 1 });
    }
    // list.update is stable; list.q is read, not watched, to avoid loops.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // The URL changed from outside (back button, link): show its filter in the box.
  useEffect(() => {
    if (list.q !== ownQ.current) {
      ownQ.current = list.q;
      setSearch(list.q);
    }
  }, [list.q]);

  const query = usePositions({ page: list.page, size: list.size, name: list.q || undefined });

  const columns: TableColumnsType<Position> = [
    { title: t('fields.position_name'), dataIndex: 'name', key: 'name' },
    { title: t('fields.position_code'), dataIndex: 'code', key: 'code' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('positions.created'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v?: string) => (v ? dayjs(v).format('YYYY-MM-DD') : ''),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      width: 120,
      render: (_, row) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('common:actions.edit')}
            onClick={() => {
              setEditing(row);
              setModalOpen(true);
            }}
          />
          <Popconfirm
            title={t('positions.delete_confirm', { name: row.name })}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync(row.id).then(
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
        title={t('positions.title')}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="position-create"
              onClick={() => {
                setEditing(null);
                setModalOpen(true);
              }}
            >
              {t('positions.create')}
            </Button>
          )
        }
      />
      <Card>
        <SearchBox
          allowClear
          placeholder={t('positions.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="positions-search"
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Table<Position>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 30, 50, 100],
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
      <PositionFormModal open={modalOpen} position={editing} onClose={() => setModalOpen(false)} />
    </>
  );
}
