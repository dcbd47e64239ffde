import { App, Button, Card, Popconfirm, Segmented, Space, Tag, Tooltip } from 'antd';
import { CrownOutlined, DeleteOutlined, MailOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  PEOPLE_PAGE_SIZE,
  refreshSession,
  useDeleteAccount,
  usePrivilegeAction,
  usePrivilegeList,
  useResendVerification,
} from '../api/people';
import { faceOf, type FaceKind, type Person } from '../api/faces';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { AccountStatus } from './account-status';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchBox } from '../../../components/search-box';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';

type RoleFilter = 1 | 2 | 3;

function roleFilter(raw: string | null): RoleFilter {
  return raw === '2' ? 2 : raw === '3' ? 3 : 1;
}

/** Admin privileges of teachers, staff or employees (spec §2 Roles screens). */
export default function RolesPage({ kind }: { kind: FaceKind }) {
  const face = faceOf(kind);
  const { t } = useTranslation(['people', 'common']);
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const session = useSession();
  const isOwner = !!session?.permissions?.includes(face.ownerPermission);
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const { list, search, setSearch } = useQuickSearchList(PEOPLE_PAGE_SIZE);
  const [params, setParams] = useSearchParams();
  const role = roleFilter(params.get('role'));
  const query = usePrivilegeList(face, { page: list.page, size: list.size, role, firstName: list.q || undefined });
  const action = usePrivilegeAction(face);
  const removeAccount = useDeleteAccount(face);
  const resend = useResendVerification(face);

  const done = (p: Promise<unknown>, ok: string) =>
    p.then(
      () => message.success(ok),
      (e) => message.error(translateApiError(t, e)),
    );

  const setRole = (r: RoleFilter) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (r === 1) p.delete('role');
      else p.set('role', String(r));
      p.delete('page');
      return p;
    });

  const transfer = (p: Person) =>
    modal.confirm({
      title: t('roles.transfer_title', { name: p.name }),
      content: t('roles.transfer_warning', { name: p.name }),
      okText: t('roles.transfer'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'transfer-confirm' } as Record<string, string>) },
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        action.mutateAsync({ action: 'transfer', id: p.id }).then(
          async () => {
            // The caller is an admin now: refresh the session so the menu and guards follow.
            await refreshSession().catch(() => undefined);
            await qc.invalidateQueries();
            message.success(t('roles.transferred'));
          },
          (e) => message.error(translateApiError(t, e)),
        ),
    });

  const columns: ListColumn<Person>[] = [
    { title: t('fields.code'), dataIndex: 'code', key: 'code' },
    { title: t('fields.name'), dataIndex: 'name', key: 'name', primary: true },
    { title: t('fields.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('roles.admin'),
      key: 'admin',
      render: (_, p) => (p.is_admin ? <Tag color="blue" data-testid={`admin-${p.code}`}>{t('roles.yes')}</Tag> : <Tag>{t('roles.no')}</Tag>),
    },
    { title: t('list.account'), key: 'account', render: (_, p) => <AccountStatus person={p} /> },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, p) => {
        const owner = p.role === 'owner';
        return (
          <Space size={6}>
            {isOwner && p.has_account && !owner && !p.is_admin && (
              <Tooltip title={t('roles.assign')}>
                <Button size="small" icon={<UserAddOutlined />} aria-label={t('roles.assign')} onClick={() => done(action.mutateAsync({ action: 'assign', id: p.id }), t('roles.assigned'))} data-testid={`assign-${p.code}`} />
              </Tooltip>
            )}
            {isOwner && p.has_account && !owner && p.is_admin && (
              <Tooltip title={t('roles.remove')}>
                <Button size="small" icon={<UserDeleteOutlined />} aria-label={t('roles.remove')} onClick={() => done(action.mutateAsync({ action: 'remove', id: p.id }), t('roles.removed'))} data-testid={`remove-${p.code}`} />
              </Tooltip>
            )}
            {isOwner && p.has_account && !owner && (
              <Tooltip title={t('roles.transfer')}>
                <Button size="small" icon={<CrownOutlined />} aria-label={t('roles.transfer')} onClick={() => transfer(p)} data-testid={`transfer-${p.code}`} />
              </Tooltip>
            )}
            {isOwner && p.has_account && !owner && (
              <Popconfirm
                title={t('roles.delete_account_confirm', { name: p.name })}
                okText={t('common:actions.delete')}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => done(removeAccount.mutateAsync(p.id), t('roles.account_deleted'))}
              >
                <Tooltip title={t('roles.delete_account')}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('roles.delete_account')} data-testid={`delete-account-${p.code}`} />
                </Tooltip>
              </Popconfirm>
            )}
            {p.email && !p.has_account && (
              <Tooltip title={t('list.resend')}>
                <Button size="small" icon={<MailOutlined />} aria-label={t('list.resend')} onClick={() => done(resend.mutateAsync(p.id), t('list.resent'))} data-testid={`resend-${p.code}`} />
              </Tooltip>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <>
      <PageHeader title={t(`kinds.${kind}.roles`)} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<RoleFilter>
            value={role}
            onChange={setRole}
            data-testid="role-filter"
            options={[
              { value: 1, label: t('roles.filter_all') },
              { value: 2, label: t('roles.filter_admins') },
              { value: 3, label: t('roles.filter_members') },
            ]}
          />
          <SearchBox
            allowClear
            placeholder={t('roles.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="roles-search"
          />
        </Space>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <ResponsiveTable<Person>
            rowKey="id"
            columns={columns}
            dataSource={query.data?.data ?? []}
            loading={query.isFetching}
            data-testid="roles-table"
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
    </>
  );
}
