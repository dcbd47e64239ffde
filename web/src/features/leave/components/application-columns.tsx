import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { Application } from '../api/faces';
import { amountWithUnit } from '../api/amounts';
import { ApplicationStatusTag } from './leave-bits';
import { AttachmentLink } from './attachment-link';

/** The columns shared by the admin and the personal application lists. */
export function applicationColumns(t: TFunction, withPerson: boolean): TableColumnsType<Application> {
  const cols: TableColumnsType<Application> = [];
  if (withPerson) {
    cols.push(
      { title: t('leave:fields.code'), dataIndex: 'code', width: 110 },
      { title: t('leave:fields.person'), dataIndex: 'name', render: (v: string) => <span data-testid="application-name">{v}</span> },
    );
  }
  cols.push(
    { title: t('leave:fields.type'), dataIndex: 'leave_type' },
    {
      title: t('leave:fields.dates'),
      key: 'dates',
      render: (_, a) => (
        <span data-testid="application-dates">
          {a.from_date === a.to_date ? a.from_date : `${a.from_date} – ${a.to_date}`}
          {a.session !== 'full' && a.unit !== 'hour' ? ` (${t(`leave:session.${a.session}`)})` : ''}
        </span>
      ),
    },
    { title: t('leave:fields.amount'), dataIndex: 'amount', render: (v: number, a) => amountWithUnit(t, v, a.unit) },
    {
      title: t('leave:fields.status'),
      dataIndex: 'status',
      render: (v: Application['status'], a) => (
        <>
          <ApplicationStatusTag status={v} />
          {a.assignment && <span style={{ fontSize: 12, opacity: 0.7 }}>{t('leave:applications.assigned')}</span>}
        </>
      ),
    },
    { title: t('leave:fields.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('leave:fields.comment'), dataIndex: 'comment', ellipsis: true },
    {
      title: t('leave:fields.applied_on'),
      dataIndex: 'application_date',
      width: 120,
      render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD') : ''),
    },
    { title: '', dataIndex: 'attachment_url', width: 120, render: (v: string) => <AttachmentLink url={v} /> },
  );
  return cols;
}
