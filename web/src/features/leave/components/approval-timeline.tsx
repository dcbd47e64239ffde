// The approval steps of an application (issue 12): who did what, at which level, when, with
// the comment; skips say why and an admin's decision at a level not theirs is marked.
import { Button, Popover, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { components } from '../../../lib/api-types';

export type ApprovalDecision = components['schemas']['ApprovalDecision'];

const COLORS: Record<string, string> = { approved: 'green', rejected: 'red', skipped: 'gray', cancelled: 'gray', submitted: 'blue' };

export function ApprovalTimeline({ steps }: { steps: ApprovalDecision[] }) {
  const { t } = useTranslation('leave');
  return (
    <Timeline
      data-testid="approval-timeline"
      items={steps.map((s) => ({
        color: COLORS[s.action] ?? 'blue',
        content: (
          <div>
            <Typography.Text strong>{t(`timeline.actions.${s.action}`)}</Typography.Text>
            {s.action !== 'submitted' && (
              <Typography.Text type="secondary">
                {' · '}
                {t('chain.level', { n: s.level + 1 })}
                {s.level_kind ? ` (${t(`chain.kinds.${s.level_kind === 'person' ? 'person' : s.level_kind}`)})` : ''}
              </Typography.Text>
            )}
            {s.override && (
              <Tag color="orange" style={{ marginInlineStart: 6 }}>
                {t('timeline.override')}
              </Tag>
            )}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[s.actor_name, dayjs(s.created_at).format('YYYY-MM-DD HH:mm')].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
            {s.comment && (
              <div>{s.action === 'skipped' ? t(`timeline.skip.${s.comment}`, { defaultValue: s.comment }) : s.comment}</div>
            )}
          </div>
        ),
      }))}
    />
  );
}

/** A small link that opens the timeline of an application. */
export function TimelineLink({ steps }: { steps?: ApprovalDecision[] }) {
  const { t } = useTranslation('leave');
  if (!steps?.length) return null;
  return (
    <Popover content={<ApprovalTimeline steps={steps} />} title={t('timeline.title')} trigger="click">
      <Button type="link" size="small" style={{ padding: 0, height: 'auto', fontSize: 12 }} data-testid="application-timeline">
        {t('timeline.show', { count: steps.length })}
      </Button>
    </Popover>
  );
}
