// The kiosk tablet's screen (/kiosk/<secret>, no account signed in): the site, a large clock
// and a QR code that changes every 30 seconds. A phone that scans it opens the app's clock
// page, which clocks its signed-in member in. A kiosk with the PIN pad also takes a person code
// and PIN beside the QR code. A revoked kiosk shows that it is out of use.
import { useEffect, useState } from 'react';
import { Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useKioskScreen } from '../api/clockin';
import { PinPad } from './pin-pad';

function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

export default function KioskScreen() {
  const { t, i18n } = useTranslation(['clockin']);
  const { secret = '' } = useParams();
  const q = useKioskScreen(secret);
  const now = useNow();
  useEffect(() => {
    document.title = `${t('kiosk.title')} · Hadir`;
  }, [t, i18n.language]);
  const zone = q.data?.timezone;
  const fmt = (opts: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(i18n.language === 'ch' ? 'zh' : i18n.language === 'jp' ? 'ja' : i18n.language, { ...opts, timeZone: zone }).format(now);
    } catch {
      return now.toLocaleString();
    }
  };
  const gone = q.error instanceof ApiError && q.error.status === 404;
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: '#f0f5ff' }}>
      <Card style={{ width: '100%', maxWidth: q.data?.pin_pad ? 1040 : 720, textAlign: 'center' }} data-testid="kiosk-screen">
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitcher />
        </div>
        {gone ? (
          <Result status="warning" title={t('kiosk.revoked_title')} subTitle={t('kiosk.revoked_text')} data-testid="kiosk-gone" />
        ) : q.error ? (
          <Result status="error" title={t('kiosk.offline_title')} subTitle={t('kiosk.offline_text')} />
        ) : !q.data ? (
          <Spin size="large" />
        ) : (
          <>
            <Typography.Title level={2} style={{ marginBottom: 0 }} data-testid="kiosk-site">
              {q.data.site}
            </Typography.Title>
            <Typography.Text type="secondary">
              {q.data.organisation} · {q.data.kiosk}
            </Typography.Text>
            <div style={{ fontSize: 'clamp(28px, 10vw, 88px)', fontWeight: 600, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2, whiteSpace: 'nowrap' }} data-testid="kiosk-clock">
              {fmt({ hour: '2-digit', minute: '2-digit', second: '2-digit' })}
            </div>
            <Typography.Paragraph>{fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</Typography.Paragraph>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, justifyContent: 'center', alignItems: 'flex-start' }}>
              <div style={{ flex: '1 1 300px', minWidth: 0 }}>
                <img
                  src={q.data.qr_code}
                  alt={t('kiosk.qr_alt')}
                  data-testid="kiosk-qr"
                  data-code={q.data.code}
                  data-url={q.data.url}
                  style={{ width: 'min(320px, 80vw)', maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
                />
                <Typography.Paragraph style={{ fontSize: 18, marginTop: 12 }}>{t('kiosk.scan')}</Typography.Paragraph>
                <Typography.Text type="secondary">{t('kiosk.changes', { seconds: q.data.refresh_in })}</Typography.Text>
              </div>
              {q.data.pin_pad ? (
                <div style={{ flex: '1 1 300px', minWidth: 0 }}>
                  <PinPad secret={secret} />
                </div>
              ) : null}
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
