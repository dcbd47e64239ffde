import { describe, expect, it } from 'vitest';
import type { DeviceCommand, DeviceCommandStatus } from './faces';
import { batchCommands, reconciliation, syncProgress } from './sync-progress';

function cmd(id: number, status: DeviceCommandStatus): DeviceCommand {
  return {
    id,
    device_id: 1,
    command: 'INFO',
    label: `c${id}`,
    status,
    attempts: status === 'queued' ? 0 : 1,
    return_code: status === 'ok' ? 0 : status === 'failed' ? -1 : null,
    result: '',
    created_at: '2026-03-02T10:00:00Z',
    done_at: null,
  };
}

describe('synchronisation progress', () => {
  // Newest first, as the server lists them: 3 older commands (ids 1-3), a batch of 4 (ids 4-7)
  // and a later command (id 8) that belongs to something else.
  const page = [cmd(8, 'queued'), cmd(7, 'queued'), cmd(6, 'sent'), cmd(5, 'failed'), cmd(4, 'ok'), cmd(3, 'ok'), cmd(2, 'failed'), cmd(1, 'expired')];
  const batch = { afterId: 3, queued: 4 };

  it('takes the commands of the batch only', () => {
    expect(batchCommands(page, batch).map((c) => c.id)).toEqual([4, 5, 6, 7]);
  });

  it('counts ok, failed and expired as finished', () => {
    const p = syncProgress(page, batch);
    expect(p).toMatchObject({ total: 4, ok: 1, failed: 1, expired: 0, finished: 2, percent: 50, done: false });
  });

  it('is done when every command of the batch finished', () => {
    const all = [cmd(8, 'queued'), cmd(7, 'expired'), cmd(6, 'ok'), cmd(5, 'failed'), cmd(4, 'ok'), cmd(3, 'queued')];
    const p = syncProgress(all, batch);
    expect(p).toMatchObject({ ok: 2, failed: 1, expired: 1, finished: 4, percent: 100, done: true });
  });

  it('counts a command cancelled while the batch ran as finished, so the batch can end', () => {
    // A person renamed during the synchronisation supersedes their waiting command.
    const all = [cmd(7, 'ok'), cmd(6, 'cancelled'), cmd(5, 'ok'), cmd(4, 'ok')];
    expect(syncProgress(all, batch)).toMatchObject({ ok: 3, finished: 4, percent: 100, done: true });
    expect(syncProgress([cmd(7, 'queued'), cmd(6, 'cancelled'), cmd(5, 'ok'), cmd(4, 'ok')], batch)).toMatchObject({ finished: 3, done: false });
  });

  it('starts at zero before the batch shows up in the list', () => {
    const p = syncProgress([cmd(3, 'ok'), cmd(2, 'ok')], batch);
    expect(p).toMatchObject({ finished: 0, percent: 0, done: false, commands: [] });
  });

  it('works for a device without earlier commands and rounds the percentage', () => {
    const p = syncProgress([cmd(3, 'queued'), cmd(2, 'ok'), cmd(1, 'sent')], { afterId: 0, queued: 3 });
    expect(p).toMatchObject({ finished: 1, percent: 33, done: false });
  });

  it('treats an empty batch as done', () => {
    expect(syncProgress([], { afterId: 9, queued: 0 })).toMatchObject({ percent: 100, done: true });
  });
});

describe('reconciliation', () => {
  const query = (label: string, result: string): DeviceCommand => ({ ...cmd(9, 'ok'), command: 'DATA QUERY USERINFO', label, result });

  it('reads the result of a synchronisation once the terminal answered', () => {
    const r = reconciliation(
      query('sync', '{"listed":true,"added":1,"updated":2,"removed":1,"unknown":1,"unknown_pins":["K9"],"unknown_removed":false}'),
    );
    expect(r).toEqual({ listed: true, added: 1, updated: 2, removed: 1, unknown: 1, unknown_pins: ['K9'], unknown_removed: false });
  });

  it('is null before the answer, for other commands and for a result that is not one', () => {
    expect(reconciliation(query('sync', ''))).toBeNull();
    expect(reconciliation(query('user E1', '{"added":1,"removed":0}'))).toBeNull();
    expect(reconciliation(query('sync+unknown', '{broken'))).toBeNull();
    expect(reconciliation(undefined)).toBeNull();
  });
});
