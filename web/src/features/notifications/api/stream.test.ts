import { describe, expect, it } from 'vitest';
import { parseEvents, untilLookedAt } from './stream';

describe('parseEvents', () => {
  it('splits complete events and keeps the rest for the next chunk', () => {
    const r = parseEvents('retry: 3000\nid: 7\n\n: ping\n\nid: 8\nevent: notification\ndata: {"id":8}\n\nid: 9\nevent: noti');
    expect(r.retry).toBe(3000);
    expect(r.events).toEqual([{ id: '8', event: 'notification', data: '{"id":8}' }]);
    expect(r.lastId).toBe('8');
    expect(r.rest).toBe('id: 9\nevent: noti');
  });

  it('takes the id of a block without data as where to resume', () => {
    const r = parseEvents('retry: 3000\nid: 42\n\n');
    expect(r.events).toEqual([]);
    expect(r.lastId).toBe('42');
  });

  it('joins multi-line data and reads CRLF streams', () => {
    const r = parseEvents('id: 1\r\ndata: a\r\ndata: b\r\n\r\n');
    expect(r.events).toEqual([{ id: '1', event: 'message', data: 'a\nb' }]);
  });
});

describe('untilLookedAt', () => {
  it('waits for a focus of the page, not for time, after the server superseded the stream', async () => {
    const abort = new AbortController();
    let resolved = false;
    const wait = untilLookedAt(abort.signal).then(() => {
      resolved = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false);
    window.dispatchEvent(new Event('focus'));
    await wait;
    expect(resolved).toBe(true);
  });

  it('ends when the stream is aborted', async () => {
    const abort = new AbortController();
    const wait = untilLookedAt(abort.signal);
    abort.abort();
    await expect(wait).resolves.toBeUndefined();
  });
});
