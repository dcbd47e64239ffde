import { describe, expect, it } from 'vitest';
import { parseEvents } from './stream';

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
