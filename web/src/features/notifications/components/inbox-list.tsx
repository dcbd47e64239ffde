import { Badge, Button, Empty, Flex, Spin, Typography, theme } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type React from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInbox, useMarkAllRead, useMarkRead, type Notification } from '../api/notifications';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../lib/use-session';
import { notificationLink, notificationText } from './notification-text';

/** Read by screen readers, not shown: the dot says "unread" to the eye only. */
const VISUALLY_HIDDEN: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function when(at: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  } catch {
    return at;
  }
}

/** The browser's language tag for an app language code (ch and jp are stored codes). */
function tag(code: string): string {
  return code === 'ch' ? 'zh' : code === 'jp' ? 'ja' : code;
}

function Item({ n, onNavigate }: { n: Notification; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const { token } = theme.useToken();
  const read = useMarkRead();
  const text = notificationText(t, n);
  const orgKind = useSession()?.org?.kind;
  const link = notificationLink(n, orgKind);
  return (
    <li
      data-testid="notification-item"
      data-read={n.read ? 'true' : 'false'}
      style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Badge status={n.read ? 'default' : 'processing'} aria-hidden style={{ marginTop: 6 }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Paragraph style={{ margin: 0, fontWeight: n.read ? 400 : 600, overflowWrap: 'anywhere' }}>
          {link ? (
            <Link to={link} onClick={() => { if (!n.read) read.mutate(n.id); onNavigate?.(); }}>
              {text}
            </Link>
          ) : (
            text
          )}
        </Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {when(n.created_at, tag(i18n.language))}
          {!n.read && <span style={VISUALLY_HIDDEN}> · {t('unread')}</span>}
        </Typography.Text>
      </div>
      {!n.read && (
        <Button
          size="small"
          type="text"
          icon={<CheckOutlined />}
          aria-label={t('mark_read_one', { text })}
          title={t('mark_read')}
          loading={read.isPending}
          onClick={() => read.mutate(n.id)}
          data-testid="notification-read"
        />
      )}
    </li>
  );
}

/** The inbox: newest first, read one or all, more on demand. */
export function InboxList({ size = 20, onNavigate, footer }: { size?: number; onNavigate?: () => void; footer?: React.ReactNode }) {
  const { t } = useTranslation('notifications');
  const inbox = useInbox(size);
  const readAll = useMarkAllRead();
  if (inbox.isPending) return <Spin />;
  if (inbox.isError) return <QueryError error={inbox.error} onRetry={() => void inbox.refetch()} />;
  const items = inbox.data.pages.flatMap((p) => p.data);
  const unread = inbox.data.pages[0]?.meta.unread ?? 0;
  return (
    <div data-testid="notification-list">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('unread_count', { count: unread })}</Typography.Text>
        <Button size="small" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notification-read-all">
          {t('mark_all_read')}
        </Button>
      </Flex>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('title')}>
          {items.map((n) => (
            <Item key={n.id} n={n} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 8 }}>
        {inbox.hasNextPage ? (
          <Button size="small" onClick={() => void inbox.fetchNextPage()} loading={inbox.isFetchingNextPage} data-testid="notification-more">
            {t('more')}
          </Button>
        ) : (
          <span />
        )}
        {footer}
      </Flex>
    </div>
  );
}
