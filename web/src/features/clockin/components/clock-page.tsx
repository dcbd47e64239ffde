// /personal/clock: where a phone lands after scanning a kiosk's QR code (?code=...), which
// clocks the member in at once; without a code it offers web clock-in.
import { useEffect, useRef } from 'react';
import { Alert, Card, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useKioskClock } from '../api/clockin';
import { clockError } from '../api/errors';
import { ClockedAlert, ClockInCard } from './clock-in-card';
import { MyPinCard } from './my-pin-card';

function KioskCode({ code }: { code: string }) {
  const { t } = useTranslation(['clockin', 'errors']);
  const clock = useKioskClock();
  const sent = useRef(false);
  useEffect(() => {
    // Once per code: React's development double effects must not send it twice.
    if (sent.current) return;
    sent.current = true;
    clock.mutate(code);
  }, [code, clock]);
  return (
    <Card title={t('kiosk_clock.title')} data-testid="kiosk-clock-card">
      {clock.isPending || clock.isIdle ? (
        <Space>
          <Spin />
          <span>{t('kiosk_clock.sending')}</span>
        </Space>
      ) : clock.isSuccess ? (
        <ClockedAlert clocked={clock.data} />
      ) : (
        <Alert type="error" showIcon data-testid="clock-refused" title={clockError(t, clock.error)} description={t('kiosk_clock.scan_again')} />
      )}
    </Card>
  );
}

export default function ClockPage() {
  const { t } = useTranslation(['clockin']);
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <>
      <PageHeader title={t('menu.clock')} />
      <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }} size={16}>
        {code ? <KioskCode code={code} /> : <ClockInCard />}
        {code ? null : <MyPinCard />}
        <Typography.Paragraph type="secondary">{t('kiosk_clock.hint')}</Typography.Paragraph>
        <Link to="/dashboard">{t('kiosk_clock.home')}</Link>
      </Space>
    </>
  );
}
