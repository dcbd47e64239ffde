import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { LongText, type ListColumn } from '../../../components/responsive-table';
import type { Application } from '../api/faces';
import { amountWithUnit } from '../api/amounts';
import { ApplicationStatusTag } from './leave-bits';
import { AttachmentLink } from './attachment-link';
import { TimelineLink } from './approval-timeline';

/**
 * The columns shared by the admin and the personal application lists. Each line fits its
 * content (a name or a date range never wraps); secondary facts sit small under the main one
 * (the person's code, the amount, an assignment as a small tag under the status); the reason and
 * the comment share a column, each cut with an ellipsis and read in full in a tooltip or on the
 * phone's card. The attachment column is there only when a row of the page has one, so no empty
 * column stands before the actions.
 */
export function applicationColumns(t: TFunction, withPerson: boolean, rows: Application[] = []): ListColumn<Application>[] {
  const cols: ListColumn<Application>[] = [];
  if (withPerson) {
    cols.push({
      title: t('leave:fields.person'),
      dataIndex: 'name',
      key: 'name',
      primary: true,
      render: (v: string, a) => (
        <>
          <div data-testid="application-name">{v}</div>
          <Secondary>{a.code}</Secondary>
        </>
      ),
      cardRender: (a) => (
        <span data-testid="application-name">
          {a.name} <Secondary inline>{a.code}</Secondary>
        </span>
      ),
    });
  }
  cols.push(
    { title: t('leave:fields.type'), dataIndex: 'leave_type', key: 'type', primary: !withPerson },
    {
      title: t('leave:fields.dates'),
      key: 'dates',
      render: (_, a) => (
        <>
          <div data-testid="application-dates">
            {a.from_date === a.to_date ? a.from_date : `${a.from_date} – ${a.to_date}`}
            {a.session === 'hours' ? ` (${a.from_time}–${a.to_time})` : a.session !== 'full' && a.unit !== 'hour' ? ` (${t(`leave:session.${a.session}`)})` : ''}
          </div>
          <Secondary>{amountWithUnit(t, a.amount, a.unit)}</Secondary>
        </>
      ),
    },
    {
      title: t('leave:fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: Application['status'], a) => (
        <Flex vertical gap={2} align="flex-start">
          <ApplicationStatusTag status={v} />
          {a.assignment && (
            <Tooltip title={t('leave:applications.assigned')}>
              <Tag bordered={false} style={{ fontSize: 12, lineHeight: '18px', marginInlineEnd: 0 }} data-testid="application-assigned">
                {t('leave:applications.assigned_short')}
              </Tag>
            </Tooltip>
          )}
          <TimelineLink steps={a.timeline} />
        </Flex>
      ),
    },
    {
      title: `${t('leave:fields.reason')} · ${t('leave:fields.comment')}`,
      key: 'reason',
      render: (_, a) => (
        <>
          <div>
            <LongText maxWidth={LONG_TEXT}>{a.reason}</LongText>
          </div>
          {a.comment && (
            <Secondary>
              <CommentOutlined aria-label={t('leave:fields.comment')} /> <LongText maxWidth={LONG_TEXT}>{a.comment}</LongText>
            </Secondary>
          )}
        </>
      ),
      cardHidden: true,
    },
    { title: t('leave:fields.reason'), key: 'reason_card', cardOnly: true, cardRender: (a) => a.reason || null },
    { title: t('leave:fields.comment'), key: 'comment_card', cardOnly: true, cardRender: (a) => a.comment || null },
    {
      title: t('leave:fields.applied_on'),
      dataIndex: 'application_date',
      key: 'applied',
      render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD') : ''),
    },
  );
  if (rows.some((a) => a.attachment_url)) {
    cols.push({ title: t('leave:fields.attachment'), dataIndex: 'attachment_url', key: 'attachment', render: (v: string) => <AttachmentLink url={v} /> });
  }
  return cols;
}

const LONG_TEXT = '13em';

/** A secondary fact under a cell's main line (a person's code, an amount). */
function Secondary({ children, inline }: { children: ReactNode; inline?: boolean }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, display: inline ? undefined : 'block' }}>
      {children}
    </Typography.Text>
  );
}
