// The web clock-in button: asks the browser for the position, sends it, and says what
// happened: the punch and its site, the server's translated refusal, or, when the browser
// gives no position, what to do about it.
import { useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWebClock, type Clocked } from '../api/clockin';
import { currentPosition, PositionError, type PositionFailure } from '../api/geolocation';
import { clockError } from '../api/errors';

type State =
  | { step: 'idle' }
  | { step: 'locating' }
  | { step: 'done'; clocked: Clocked }
  | { step: 'refused'; message: string }
  | { step: 'no-position'; reason: PositionFailure };

export function ClockedAlert({ clocked }: { clocked: Clocked }) {
  const { t } = useTranslation(['clockin']);
  return (
    <Alert
      type="success"
      showIcon
      data-testid="clock-result"
      title={t('clock.done', { time: clocked.punch.time, site: clocked.site.name })}
    />
  );
}

/** What to do when the browser gives no position: by reason, with steps for a refusal. */
export function PositionHelp({ reason }: { reason: PositionFailure }) {
  const { t } = useTranslation(['clockin']);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`clock-position-${reason}`}
      title={t(`position.${reason}.title`)}
      description={
        reason === 'denied' ? (
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            <li>{t('position.denied.step_lock')}</li>
            <li>{t('position.denied.step_allow')}</li>
            <li>{t('position.denied.step_phone')}</li>
            <li>{t('position.denied.step_retry')}</li>
          </ol>
        ) : (
          t(`position.${reason}.description`)
        )
      }
    />
  );
}

export function ClockInCard({ sites }: { sites?: string[] }) {
  const { t } = useTranslation(['clockin', 'errors']);
  const clock = useWebClock();
  const [state, setState] = useState<State>({ step: 'idle' });

  const run = async () => {
    setState({ step: 'locating' });
    let pos;
    try {
      pos = await currentPosition();
    } catch (e) {
      setState({ step: 'no-position', reason: e instanceof PositionError ? e.reason : 'unavailable' });
      return;
    }
    clock.mutate(pos, {
      onSuccess: (clocked) => setState({ step: 'done', clocked }),
      onError: (e) => setState({ step: 'refused', message: clockError(t, e) }),
    });
  };

  const busy = state.step === 'locating' || clock.isPending;
  return (
    <Card title={t('clock.title')} data-testid="web-clock-card">
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {sites && sites.length > 0 && (
          <Typography.Text type="secondary">{t('clock.sites', { sites: sites.join(', ') })}</Typography.Text>
        )}
        <Button type="primary" size="large" block icon={<EnvironmentOutlined />} loading={busy} onClick={() => void run()} data-testid="web-clock-button">
          {state.step === 'locating' ? t('clock.locating') : t('clock.button')}
        </Button>
        {state.step === 'done' && <ClockedAlert clocked={state.clocked} />}
        {state.step === 'refused' && <Alert type="error" showIcon data-testid="clock-refused" title={state.message} />}
        {state.step === 'no-position' && <PositionHelp reason={state.reason} />}
      </Space>
    </Card>
  );
}
