import { useState } from 'react';
import { App, Avatar, Button, Card, Popconfirm, Space, Tabs, Tooltip } from 'antd';
import { EditOutlined, InboxOutlined, MailOutlined, PlusOutlined, UndoOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PEOPLE_PAGE_SIZE, useArchivePerson, usePeople, useResendVerification, useRestorePerson } from '../api/people';
import { faceOf, type FaceKind, type Person } from '../api/faces';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { AccountStatus } from './account-status';
import { ExportButtons } from './export-buttons';
import { ImportModal } from './import-modal';
import { PersonDrawer } from './person-drawer';
import { PersonalDataButtons } from './personal-data-buttons';
import { translateApiError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchBox } from '../../../components/search-box';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';

interface Props {
  kind: FaceKind;
  archived?: boolean;
}

/** Teachers, staff or employees: active and archived tabs, quick search, paging in the URL. */
export default function PeopleListPage({ kind, archived = false }: Props) {
  const face = faceOf(kind);
  const { t } = useTranslation(['people', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const { list, search, setSearch } = useQuickSearchList(PEOPLE_PAGE_SIZE);
  const query = usePeople(face, { page: list.page, size: list.size, base: list.q || undefined, archived });
  const archive = useArchivePerson(face);
  const restore = useRestorePerson(face);
  const resend = useResendVerification(face);
  const [drawer, setDrawer] = useState<{ open: boolean; id?: number }>({ open: false });
  const [importOpen, setImportOpen] = useState(false);

  const done = (p: Promise<unknown>, ok: string) =>
    p.then(
      () => message.success(ok),
      (e) => message.error(translateApiError(t, e)),
    );

  const avatar = (p: Person) => <Avatar src={p.image_url || undefined} icon={<UserOutlined />} alt={p.name} />;
  const columns: ListColumn<Person>[] = [
    { key: 'image', cardHidden: true, render: (_, p) => avatar(p) },
    { title: t('fields.code'), dataIndex: 'code', key: 'code' },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      primary: true,
      cardRender: (p) => (
        <Space size={8}>
          {avatar(p)}
          {p.name}
        </Space>
      ),
    },
    { title: t('fields.email'), dataIndex: 'email', key: 'email' },
    { title: t('list.account'), key: 'account', render: (_, p) => <AccountStatus person={p} /> },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, p) =>
        archived ? (
          <Space>
            <Button size="small" icon={<UndoOutlined />} onClick={() => done(restore.mutateAsync(p.id), t('list.restored'))} data-testid={`restore-${p.code}`}>
              {t('list.restore')}
            </Button>
            <PersonalDataButtons face={face} person={p} leaver />
          </Space>
        ) : (
          <Space>
            <Tooltip title={t('common:actions.edit')}>
              <Button size="small" icon={<EditOutlined />} aria-label={t('common:actions.edit')} onClick={() => setDrawer({ open: true, id: p.id })} data-testid={`edit-${p.code}`} />
            </Tooltip>
            {p.email && !p.has_account && (
              <Tooltip title={t('list.resend')}>
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  aria-label={t('list.resend')}
                  loading={resend.isPending && resend.variables === p.id}
                  onClick={() => done(resend.mutateAsync(p.id), t('list.resent'))}
                  data-testid={`resend-${p.code}`}
                />
              </Tooltip>
            )}
            <PersonalDataButtons face={face} person={p} />
            <Popconfirm
              title={t('list.archive_confirm', { name: p.name })}
              okText={t('list.archive')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => done(archive.mutateAsync(p.id), t('list.archived_done'))}
            >
              <Tooltip title={t('list.archive')}>
                <Button size="small" danger icon={<InboxOutlined />} aria-label={t('list.archive')} data-testid={`archive-${p.code}`} />
              </Tooltip>
            </Popconfirm>
          </Space>
        ),
    });
  }

  return (
    <>
      <PageHeader
        title={t(`kinds.${kind}.title`)}
        extra={
          <Space wrap>
            <ExportButtons face={face} />
            {canEdit && (
              <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="import-open">
                {t('import.open')}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true })} data-testid="person-create">
                {t(`kinds.${kind}.create`)}
              </Button>
            )}
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={archived ? 'archived' : 'active'}
          onChange={(k) => navigate(k === 'archived' ? `${face.listRoute}/archived` : `${face.listRoute}/active`)}
          items={[
            { key: 'active', label: <span data-testid="tab-active">{t('list.active')}</span> },
            { key: 'archived', label: <span data-testid="tab-archived">{t('list.archived')}</span> },
          ]}
        />
        <SearchBox
          allowClear
          placeholder={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ marginBottom: 16 }}
          data-testid="people-search"
        />
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <ResponsiveTable<Person>
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
      {drawer.open && <PersonDrawer face={face} personId={drawer.id} open onClose={() => setDrawer({ open: false })} />}
      <ImportModal face={face} open={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}
