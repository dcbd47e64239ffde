// The steps of a request (submitted, approved, rejected, skipped, cancelled) as a timeline.
import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ApprovalDecision } from '../api/approvals';

const COLORS: Record<string, string> = { approved: 'green', rejected: 'red', skipped: 'gray', cancelled: 'gray', submitted: 'blue' };

export function TimelineList({ steps }: { steps: ApprovalDecision[] }) {
  const { t } = useTranslation('approvals');
  return (
    <Timeline
      data-testid="request-timeline"
      items={steps.map((s) => ({
        color: COLORS[s.action] ?? 'blue',
        content: (
          <div>
            <Typography.Text strong>{t(`actions.${s.action}`)}</Typography.Text>
            {s.action !== 'submitted' && <Typography.Text type="secondary"> · {t('level', { n: s.level + 1 })}</Typography.Text>}
            {s.override && (
              <Tag color="orange" style={{ marginInlineStart: 6 }}>
                {t('override')}
              </Tag>
            )}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[s.actor_name, dayjs(s.created_at).format('YYYY-MM-DD HH:mm')].filter(Boolean).join(' · ')}
              </Typography.Text>
            </div>
            {s.comment && <div>{s.action === 'skipped' ? t(`skip.${s.comment}`, { defaultValue: s.comment }) : s.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}
