import { describe, expect, it } from 'vitest';
import { deviceConnection, freeSpace, ONLINE_WINDOW_MS, reported } from './state';

const now = Date.parse('2026-03-02T10:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('device connection state', () => {
  it('is online when the terminal spoke less than two minutes ago', () => {
    expect(deviceConnection(ago(0), now)).toBe('online');
    expect(deviceConnection(ago(5_000), now)).toBe('online');
    expect(deviceConnection(ago(ONLINE_WINDOW_MS - 1), now)).toBe('online');
  });

  it('is offline from two minutes on', () => {
    expect(deviceConnection(ago(ONLINE_WINDOW_MS), now)).toBe('offline');
    expect(deviceConnection(ago(3 * 60_000), now)).toBe('offline');
    expect(deviceConnection(ago(24 * 3600_000), now)).toBe('offline');
  });

  it('counts a server clock slightly ahead as just seen', () => {
    expect(deviceConnection(new Date(now + 3_000).toISOString(), now)).toBe('online');
  });

  it('knows a device that never connected', () => {
    expect(deviceConnection(null, now)).toBe('never');
    expect(deviceConnection(undefined, now)).toBe('never');
    expect(deviceConnection('not a date', now)).toBe('never');
  });

  it('reads offsets in the timestamp', () => {
    expect(deviceConnection('2026-03-02T17:59:30+08:00', now)).toBe('online');
    expect(deviceConnection('2026-03-02T17:57:00+08:00', now)).toBe('offline');
  });
});

describe('what the terminal reported', () => {
  it('shows a dash for what it never reported', () => {
    expect(reported(null)).toBe('—');
    expect(reported(undefined)).toBe('—');
    expect(reported(0)).toBe('0');
    expect(reported(12)).toBe('12');
  });

  it('computes free space only from both numbers, never below zero', () => {
    expect(freeSpace(12, 3000)).toBe('2988');
    expect(freeSpace(null, 3000)).toBe('—');
    expect(freeSpace(12, null)).toBe('—');
    expect(freeSpace(120, 100)).toBe('0');
  });
});
