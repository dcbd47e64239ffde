// The online/offline tag of a device, refreshed every 15 s so "online" lapses on its own.
import { useEffect, useState } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { deviceConnection } from '../api/state';

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

/** The state tag, and when the device is not online when it was last seen; `stacked` puts the
 * last-seen time on its own line (in a list's cell, so the column stays narrow). */
export function DeviceStateTag({
  lastSeen,
  enabled = true,
  showSeen = true,
  stacked = false,
}: {
  lastSeen: string | null | undefined;
  enabled?: boolean;
  showSeen?: boolean;
  stacked?: boolean;
}) {
  const { t } = useTranslation('devices');
  const now = useNow();
  const state = deviceConnection(lastSeen, now);
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
      {showSeen && lastSeen && state !== 'online' && (
        <Tooltip title={t('fields.last_seen')}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="device-last-seen">
            {t('state.last_seen', { time: formatSeen(lastSeen) })}
          </Typography.Text>
        </Tooltip>
      )}
    </Flex>
  );
}
