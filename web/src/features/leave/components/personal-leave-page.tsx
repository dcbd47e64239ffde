// The member's own leave or away: entitlements with balance and available, and applications
// with an apply form and cancel (before the leave starts).
import { useState } from 'react';
import { App, Button, Card, Modal, Popconfirm, Tabs } from 'antd';
import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateInZone } from '../../../lib/org-date';
import { useListUrlState } from '../../../lib/use-list-url-state';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isNotLinked, NotLinkedNotice } from '../../../components/not-linked';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import type { Application, LeaveKind } from '../api/faces';
import {
  PERSONAL_APPLICATION_PAGE_SIZE,
  PERSONAL_ENTITLEMENT_PAGE_SIZE,
  useApply,
  useCancelMine,
  useMyApplications,
  useMyEntitlements,
  useMyTypeOptions,
} from '../api/personal';
import { ApplyForm } from './apply-form';
import { applicationColumns } from './application-columns';
import { EntitlementTable } from './entitlement-table';
import { leaveErrorMessages } from './leave-bits';
import { StatusFilter, useStatusParam } from './status-filter';

function MyEntitlements({ kind }: { kind: LeaveKind }) {
  const list = useListUrlState(PERSONAL_ENTITLEMENT_PAGE_SIZE);
  const query = useMyEntitlements(kind, { page: list.page, size: list.size });
  if (isNotLinked(query.error)) return <NotLinkedNotice compact />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <EntitlementTable
      rows={query.data?.data ?? []}
      loading={query.isFetching}
      pagination={{
        current: list.page,
        pageSize: list.size,
        total: query.data?.meta.pagination.total ?? 0,
        onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
      }}
    />
  );
}

/** Whether the member may still cancel: pending or approved, and not started yet. */
export function canCancelOwn(a: Pick<Application, 'status' | 'from_date'>, today: string): boolean {
  return (a.status === 'pending' || a.status === 'approved') && a.from_date > today;
}

function MyApplications({ kind }: { kind: LeaveKind }) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const session = useSession();
  const today = dateInZone(session?.org?.timezone);
  const list = useListUrlState(PERSONAL_APPLICATION_PAGE_SIZE);
  const [status, setStatus] = useStatusParam();
  const query = useMyApplications(kind, { page: list.page, size: list.size, status: status || undefined });
  const cancel = useCancelMine(kind);
  const apply = useApply(kind);
  const [open, setOpen] = useState(false);
  const types = useMyTypeOptions(kind, open);
  if (isNotLinked(query.error)) return <NotLinkedNotice compact />;

  const rows = query.data?.data ?? [];
  const columns: ListColumn<Application>[] = [
    ...applicationColumns(t, false, rows),
    {
      key: 'actions',
      title: t('common:actions.actions'),
      render: (_, a) =>
        canCancelOwn(a, today) || a.status === 'pending' ? (
          <Popconfirm
            title={t('applications.cancel_own_confirm')}
            okText={t('applications.cancel')}
            cancelText={t('common:actions.close', { defaultValue: t('common:actions.cancel') })}
            onConfirm={() =>
              cancel.mutateAsync(a.id).then(
                () => message.success(t('applications.done_cancel')),
                (e) => message.error(leaveErrorMessages(t, e).join(' ')),
              )
            }
          >
            <Button size="small" icon={<StopOutlined />} data-testid={`my-cancel-${a.id}`}>
              {t('applications.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16, gap: 12, flexWrap: 'wrap' }}>
        <StatusFilter value={status} onChange={setStatus} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="leave-apply-open">
          {t('apply.open', { kind: t(`kind.${kind}`) })}
        </Button>
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <ResponsiveTable<Application>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          data-testid="my-applications-table"
          pagination={{
            current: list.page,
            pageSize: list.size,
            total: query.data?.meta.pagination.total ?? 0,
            onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
          }}
        />
      )}
      <Modal open={open} title={t('apply.title', { kind: t(`kind.${kind}`) })} footer={null} onCancel={() => setOpen(false)} width={640} destroyOnHidden>
        <ApplyForm
          warnDepartmentOff
          types={types.options}
          typesLoading={types.loading}
          submitting={apply.isPending}
          onSubmit={(payload, attachment) =>
            apply.mutateAsync({ payload, attachment }).then(() => {
              message.success(t('apply.sent'));
              setOpen(false);
            })
          }
        />
      </Modal>
    </>
  );
}


export default function PersonalLeavePage({ kind, tab }: { kind: LeaveKind; tab: 'entitlement' | 'application' }) {
  const { t } = useTranslation('leave');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t(`titles.personal_${kind}`)} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => navigate(`/personal/${kind}/${k}`)}
          items={[
            { key: 'entitlement', label: <span data-testid="personal-tab-entitlement">{t('tabs.entitlement')}</span>, children: tab === 'entitlement' ? <MyEntitlements kind={kind} /> : null },
            { key: 'application', label: <span data-testid="personal-tab-application">{t('tabs.application')}</span>, children: tab === 'application' ? <MyApplications kind={kind} /> : null },
          ]}
        />
      </Card>
    </>
  );
}
