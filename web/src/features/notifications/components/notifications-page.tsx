import { App, Card, Col, Form, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { translateApiError } from '../../../lib/form-errors';
import { usePreferences, useSavePreferences, type NotificationChannel } from '../api/notifications';
import { InboxList } from './inbox-list';

/** How each kind of notification reaches the user: e-mail, in the app, both or not at all. */
function PreferencesCard() {
  const { t } = useTranslation(['notifications', 'errors']);
  const { message } = App.useApp();
  const prefs = usePreferences();
  const save = useSavePreferences();
  return (
    <Card title={t('preferences.title')} data-testid="notification-preferences">
      {prefs.isPending ? (
        <Skeleton active />
      ) : prefs.isError ? (
        <QueryError error={prefs.error} onRetry={() => void prefs.refetch()} />
      ) : (
        <Form layout="vertical">
          <p style={{ marginTop: 0 }}>{t('preferences.intro')}</p>
          {prefs.data.kinds.map((kind) => (
            <Form.Item key={kind} label={t(`kinds.${kind}`)} htmlFor={`pref-${kind}`} style={{ marginBottom: 12 }}>
              <Select<NotificationChannel>
                id={`pref-${kind}`}
                data-testid={`pref-${kind}`}
                value={prefs.data.preferences[kind]}
                options={prefs.data.channels.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
                onChange={(value) =>
                  save.mutate(
                    { [kind]: value },
                    {
                      onSuccess: () => message.success(t('preferences.saved')),
                      onError: (e) => message.error(translateApiError(t, e)),
                    },
                  )
                }
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Card>
  );
}

/** The personal inbox and the delivery preferences. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <>
      <PageHeader title={t('title')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card>
            <InboxList size={20} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <PreferencesCard />
        </Col>
      </Row>
    </>
  );
}
