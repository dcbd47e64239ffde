// The online/offline tag of a device, refreshed every 15 s so "online" lapses on its own.
import { useEffect, useState } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { deviceConnection, type DeviceHealth } from '../api/state';
import { relativeContact } from '../api/health';
import { languageInfo } from '../../../lib/languages';

export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function formatSeen(lastSeen: string | null | undefined): string {
  return lastSeen ? dayjs(lastSeen).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** The state tag (the server's health judgement when it made one), and when the device is not
 * online when it was last seen; `stacked` puts the last-seen time on its own line (in a list's
 * cell, so the column stays narrow); `relative` shows the last contact as a relative time,
 * online or not, with the exact time in its tooltip. */
export function DeviceStateTag({
  lastSeen,
  health,
  enabled = true,
  showSeen = true,
  stacked = false,
  relative = false,
}: {
  lastSeen: string | null | undefined;
  health?: DeviceHealth;
  enabled?: boolean;
  showSeen?: boolean;
  stacked?: boolean;
  relative?: boolean;
}) {
  const { t, i18n } = useTranslation('devices');
  const now = useNow();
  const state = deviceConnection(lastSeen, now, health);
  const tag =
    state === 'online' ? (
      <Tag color="green" data-testid="device-state" data-state="online">
        {t('state.online')}
      </Tag>
    ) : (
      <Tag color={state === 'never' ? 'default' : 'red'} data-testid="device-state" data-state={state}>
        {state === 'never' ? t('state.never') : t('state.offline')}
      </Tag>
    );
  return (
    <Flex vertical={stacked} wrap={!stacked} gap={4} align={stacked ? 'flex-start' : 'center'}>
      <span>
        {tag}
        {!enabled && <Tag color="orange">{t('state.disabled')}</Tag>}
      </span>
      {relative && lastSeen && (
        <Tooltip title={formatSeen(lastSeen)}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-last-contact" tabIndex={0}>
            {t('health.last_contact', { time: relativeContact(lastSeen, now, languageInfo(i18n.language).html) })}
          </Typography.Text>
        </Tooltip>
      )}
      {!relative && showSeen && lastSeen && state !== 'online' && (
        <Tooltip title={t('fields.last_seen')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-last-seen">
            {t('state.last_seen', { time: formatSeen(lastSeen) })}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}
