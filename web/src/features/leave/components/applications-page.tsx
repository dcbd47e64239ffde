// The admin's application list of one kind of person: status filter, quick search, approve,
// reject (comment required), cancel, and an assignment (an application made for someone).
import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Space } from 'antd';
import { CheckOutlined, CloseOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/form-errors';
import { useQuickSearchList } from '../../../lib/use-quick-search-list';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ResponsiveTable, type ListColumn } from '../../../components/responsive-table';
import { orgFace, personFace, type Application, type LeaveKind, type PersonKind, type PersonLeaveFace } from '../api/faces';
import { APPLICATION_PAGE_SIZE, useApplicationCounts, useApplications, useDecide, type Decision } from '../api/applications';
import { applicationColumns } from './application-columns';
import { AssignForm } from './assignment-page';
import { PersonKindSwitch } from './person-kind-switch';
import { StatusSegments, useStatusParam } from './status-filter';
import { SearchBox } from '../../../components/search-box';

function DecisionModal({
  face,
  target,
  onClose,
}: {
  face: PersonLeaveFace;
  target: { app: Application; decision: Decision } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const decide = useDecide(face);
  const required = target?.decision === 'reject';
  const onFinish = (v: { comment?: string }) => {
    if (!target) return;
    decide.mutate(
      { id: target.app.id, decision: target.decision, comment: v.comment?.trim() },
      {
        onSuccess: () => {
          message.success(t(`applications.done_${target.decision}`));
          form.resetFields();
          onClose();
        },
        onError: (e) => message.error(translateApiError(t, e)),
      },
    );
  };
  return (
    <Modal
      open={!!target}
      title={target ? t(`applications.${target.decision}_title`, { name: target.app.name }) : ''}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
      okText={target ? t(`applications.${target.decision}`) : ''}
      okButtonProps={{ danger: target?.decision !== 'approve', ...({ 'data-testid': 'decision-submit' } as Record<string, string>) }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={decide.isPending}
      forceRender
    >
      {target && (
        <p>
          {target.app.leave_type}: {target.app.from_date}
          {target.app.to_date !== target.app.from_date ? ` – ${target.app.to_date}` : ''}
        </p>
      )}
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item
          name="comment"
          label={t('fields.comment')}
          rules={required ? [{ required: true, whitespace: true, message: t('applications.comment_required') }, { max: 2000 }] : [{ max: 2000 }]}
        >
          <Input.TextArea rows={3} maxLength={2000} data-testid="decision-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ApplicationsPage({ kind, personKind }: { kind: LeaveKind; personKind: PersonKind }) {
  const { t } = useTranslation(['leave', 'common']);
  const face = personFace(kind, personKind);
  const session = useSession();
  const canEdit = !!session?.permissions?.includes(face.editPermission);
  const { list, search, setSearch } = useQuickSearchList(APPLICATION_PAGE_SIZE);
  // The approval list opens on what waits for a decision.
  const [status, setStatus] = useStatusParam('pending');
  const counts = useApplicationCounts(face, list.q || undefined);
  const query = useApplications(face, { page: list.page, size: list.size, status: status || undefined, base: list.q || undefined });
  const [target, setTarget] = useState<{ app: Application; decision: Decision } | null>(null);
  const [assignOpen, setAssignOpen] = useState(false);

  const rows = query.data?.data ?? [];
  const columns: ListColumn<Application>[] = applicationColumns(t, true, rows);
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:actions.actions'),
      fixed: 'right',
      render: (_, a) => (
        <Space size={6}>
          {a.status === 'pending' && (
            <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={t('applications.approve')} title={t('applications.approve')} onClick={() => setTarget({ app: a, decision: 'approve' })} data-testid={`approve-${a.id}`} />
          )}
          {a.status === 'pending' && (
            <Button size="small" danger icon={<CloseOutlined />} aria-label={t('applications.reject')} title={t('applications.reject')} onClick={() => setTarget({ app: a, decision: 'reject' })} data-testid={`reject-${a.id}`} />
          )}
          {(a.status === 'pending' || a.status === 'approved') && (
            <Button size="small" icon={<StopOutlined />} aria-label={t('applications.cancel')} title={t('applications.cancel')} onClick={() => setTarget({ app: a, decision: 'cancel' })} data-testid={`cancel-${a.id}`} />
          )}
        </Space>
      ),
    });
  }

  const base = face.org === 'company' ? `/company/${kind}/application` : `/school/${kind}/application`;
  return (
    <>
      <PageHeader
        title={t(`titles.${kind}_application`)}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssignOpen(true)} data-testid="application-assign">
              {t('assignment.action')}
            </Button>
          )
        }
      />
      <PersonKindSwitch value={personKind} pathOf={(k) => `${base}/${k}`} />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <StatusSegments value={status} onChange={setStatus} counts={counts} />
          <SearchBox
            allowClear
            placeholder={t('applications.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="application-search"
          />
        </Space>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <ResponsiveTable<Application>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={query.isFetching}
            data-testid="applications-table"
            pagination={{
              current: list.page,
              pageSize: list.size,
              total: query.data?.meta.pagination.total ?? 0,
              onChange: (page, size) => list.update({ page: size !== list.size ? 1 : page, size }),
            }}
          />
        )}
      </Card>
      <DecisionModal face={face} target={target} onClose={() => setTarget(null)} />
      <Modal open={assignOpen} title={t('assignment.title')} footer={null} onCancel={() => setAssignOpen(false)} width={640} destroyOnHidden>
        <AssignForm face={face} typesPath={orgFace(face.org, kind).api.types} onDone={() => setAssignOpen(false)} />
      </Modal>
    </>
  );
}
