// The kiosk's PIN pad (issue 11): for people without a phone, a person code and a personal PIN
// typed on large keys (or a keyboard). The server answers the same for a wrong code or a wrong
// PIN; after a clock-in the first name, time and site are shown large for a few seconds.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useKioskPin, type PinClocked } from '../api/clockin';
import { clockError } from '../api/errors';

type Field = 'code' | 'pin';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const SHOW_FOR = 6000;

const keyStyle = { height: 64, fontSize: 28, fontVariantNumeric: 'tabular-nums' } as const;

export function PinPad({ secret }: { secret: string }) {
  const { t } = useTranslation(['clockin', 'errors']);
  const send = useKioskPin(secret);
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [field, setField] = useState<Field>('code');
  const [done, setDone] = useState<PinClocked | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  // The screen re-renders every second (its clock): the timer depends on the confirmation only.
  const resetRef = useRef(send.reset);
  resetRef.current = send.reset;
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => {
      setDone(null);
      resetRef.current();
      setField('code');
    }, SHOW_FOR);
    return () => window.clearTimeout(id);
  }, [done]);

  const press = (k: string) => {
    send.reset();
    if (field === 'code') setCode((v) => (v + k).slice(0, 50));
    else setPin((v) => (v + k).slice(0, 8));
  };
  const clear = () => {
    send.reset();
    setCode('');
    setPin('');
    setField('code');
    codeRef.current?.focus();
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!code.trim()) {
      setField('code');
      codeRef.current?.focus();
      return;
    }
    if (!pin) {
      setField('pin');
      pinRef.current?.focus();
      return;
    }
    send.mutate(
      { code: code.trim(), pin },
      {
        onSuccess: (r) => {
          setDone(r);
          setCode('');
          setPin('');
        },
        onError: () => setPin(''),
      },
    );
  };

  if (done) {
    return (
      <Result
        status="success"
        data-testid="pin-done"
        role="status"
        title={<span style={{ fontSize: 'clamp(28px, 6vw, 44px)' }}>{t('pin_pad.hello', { name: done.name })}</span>}
        subTitle={<span style={{ fontSize: 22 }}>{t('pin_pad.clocked', { time: done.time.slice(0, 5), site: done.site })}</span>}
        extra={
          <Button size="large" onClick={() => setDone(null)} style={{ minHeight: 48 }}>
            {t('pin_pad.next')}
          </Button>
        }
      />
    );
  }

  const locked = send.error instanceof ApiError && send.error.status === 429;
  const active = (f: Field) => (field === f ? { outline: '2px solid #1677ff', outlineOffset: 1 } : undefined);
  return (
    <form onSubmit={submit} data-testid="pin-pad" aria-label={t('pin_pad.title')} style={{ width: '100%', maxWidth: 320, margin: '0 auto', textAlign: 'left' }}>
      <h3 style={{ textAlign: 'center', fontSize: 20, margin: '0 0 8px' }}>{t('pin_pad.title')}</h3>
      <label htmlFor="pin-code" style={{ display: 'block', fontWeight: 500 }}>
        {t('pin_pad.code')}
      </label>
      <Input
        id="pin-code"
        ref={(el) => {
          codeRef.current = el?.input ?? null;
        }}
        size="large"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={50}
        onFocus={() => setField('code')}
        onChange={(e) => {
          send.reset();
          setCode(e.target.value);
        }}
        style={{ fontSize: 24, ...active('code') }}
        data-testid="pin-code"
      />
      <label htmlFor="pin-pin" style={{ display: 'block', fontWeight: 500, marginTop: 8 }}>
        {t('pin_pad.pin')}
      </label>
      <Input.Password
        id="pin-pin"
        ref={(el) => {
          pinRef.current = el?.input ?? null;
        }}
        size="large"
        value={pin}
        autoComplete="off"
        inputMode="numeric"
        maxLength={8}
        visibilityToggle={false}
        onFocus={() => setField('pin')}
        onChange={(e) => {
          send.reset();
          setPin(e.target.value.replace(/\D/g, '').slice(0, 8));
        }}
        style={{ fontSize: 24, ...active('pin') }}
        data-testid="pin-pin"
      />
      <div role="group" aria-label={t('pin_pad.keys')} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8, marginTop: 12 }}>
        {KEYS.map((k) => (
          <Button key={k} style={keyStyle} onClick={() => press(k)} data-testid={`pin-key-${k}`}>
            {k}
          </Button>
        ))}
        <Button style={{ ...keyStyle, fontSize: 18 }} onClick={clear} data-testid="pin-clear">
          {t('pin_pad.clear')}
        </Button>
        <Button style={keyStyle} onClick={() => press('0')} data-testid="pin-key-0">
          0
        </Button>
        <Button type="primary" htmlType="submit" style={{ ...keyStyle, fontSize: 20 }} loading={send.isPending} data-testid="pin-ok">
          {t('pin_pad.ok')}
        </Button>
      </div>
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {send.error ? (
          <Alert
            type={locked ? 'warning' : 'error'}
            showIcon
            data-testid="pin-refused"
            title={clockError(t, send.error)}
            description={locked ? t('pin_pad.locked_hint') : undefined}
          />
        ) : null}
      </div>
    </form>
  );
}
