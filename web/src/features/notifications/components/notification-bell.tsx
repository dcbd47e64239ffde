import { useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUnreadCount } from '../api/notifications';
import { useNotificationStream } from '../api/stream';
import { InboxList } from './inbox-list';

export const NOTIFICATIONS_PATH = '/personal/notifications';

/**
 * The header's bell: the unread count, kept live by the notification stream. On a wide screen
 * it opens the latest notifications in a popover; on a phone it goes to the inbox page.
 */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useNotificationStream();
  const count = unread.data ?? 0;
  // The count's badge sticks out past the bell's corner; the button leaves room for it on its
  // right, so the badge stays inside the control (with WCAG text spacing at 320 px it used to
  // reach beyond the button's box).
  const button = (
    <Button
      type="text"
      aria-label={t('bell', { count })}
      aria-haspopup={compact ? undefined : 'dialog'}
      aria-expanded={compact ? undefined : open}
      data-testid="notification-bell"
      data-unread={count}
      onClick={compact ? () => navigate(NOTIFICATIONS_PATH) : undefined}
      style={{ height: 40, paddingInlineStart: 8, paddingInlineEnd: count > 0 ? (count > 9 ? 24 : 16) : 8 }}
    >
      <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
        <BellOutlined style={{ fontSize: 18 }} aria-hidden />
      </Badge>
    </Button>
  );
  if (compact) return button;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={t('title')}
      styles={{ content: { width: 380, maxWidth: 'calc(100vw - 24px)' } }}
      content={
        <div role="dialog" aria-label={t('title')} style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {open && (
            <InboxList
              size={10}
              onNavigate={() => setOpen(false)}
              footer={
                <Link to={NOTIFICATIONS_PATH} onClick={() => setOpen(false)} data-testid="notification-all">
                  {t('see_all')}
                </Link>
              }
            />
          )}
        </div>
      }
    >
      {button}
    </Popover>
  );
}
