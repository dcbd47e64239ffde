// People of one kind enrolled (inside) or not on a device: search, multi-select, bulk add or
// remove. Enrolment changes are queued for the terminal at once; people whose code the
// device's model cannot take are refused, each named with the reason.
import { useState } from 'react';
import { Alert, App, Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceFace, DevicePerson, EnrolKind } from '../api/faces';
import { ENROL_PAGE_SIZE } from '../api/faces';
import { useDevicePeople, useEnrol } from '../api/devices';
import { withDeviceErrors } from '../api/errors';
import { QueryError } from '../../../components/query-error';
import { serverFieldErrors, translateApiError } from '../../../lib/form-errors';
import { MIN_SEARCH_LENGTH } from '../../../lib/use-list-url-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-quick-search-list';
import { SearchBox } from '../../../components/search-box';

export function EnrolmentTab({
  face,
  deviceId,
  kind,
  inside,
  canEdit,
}: {
  face: DeviceFace;
  deviceId: number;
  kind: EnrolKind;
  inside: boolean;
  canEdit: boolean;
}) {
  const { t: rawT } = useTranslation(['devices', 'common', 'errors']);
  const t = withDeviceErrors(rawT);
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const term = debounced.length >= MIN_SEARCH_LENGTH ? debounced : undefined;
  const query = useDevicePeople(face, deviceId, kind, inside, { page, search: term });
  const enrol = useEnrol(face);
  const [selected, setSelected] = useState<number[]>([]);
  // Why people were refused (one line per person), until the next attempt.
  const [misfits, setMisfits] = useState<string[]>([]);
  const prefix = `${kind}-${inside ? 'enrolled' : 'not-enrolled'}`;

  const columns: TableColumnsType<DevicePerson> = [
    { title: rawT('enrol.code'), dataIndex: 'code', width: 140 },
    { title: rawT('enrol.name'), dataIndex: 'name', render: (v: string) => <span data-testid={`${prefix}-name`}>{v}</span> },
  ];

  const apply = () => {
    setMisfits([]);
    enrol.mutate(
      { deviceId, kind, ids: selected, add: !inside },
      {
        onSuccess: () => {
          message.success(inside ? rawT('enrol.removed', { count: selected.length }) : rawT('enrol.added', { count: selected.length }));
          setSelected([]);
        },
        onError: (e) => {
          const people = serverFieldErrors(e, t).employee ?? [];
          if (people.length) setMisfits(people);
          else message.error(translateApiError(t, e));
        },
      },
    );
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <SearchBox
          allowClear
          placeholder={rawT('enrol.search')}
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
            loading={enrol.isPending}
            onClick={apply}
            data-testid={`${prefix}-apply`}
          >
            {inside ? rawT('enrol.remove', { count: selected.length }) : rawT('enrol.add', { count: selected.length })}
          </Button>
        )}
      </Space>
      {misfits.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setMisfits([])}
          style={{ marginBottom: 12 }}
          message={rawT('enrol.misfits')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {misfits.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          data-testid="enrol-misfits"
        />
      )}
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<DevicePerson>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data?.data ?? []}
          loading={query.isFetching}
          rowSelection={
            canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined
          }
          pagination={{
            current: page,
            pageSize: ENROL_PAGE_SIZE,
            total: query.data?.meta.pagination.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid={`${prefix}-table`}
        />
      )}
    </>
  );
}
