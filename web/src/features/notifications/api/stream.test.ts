import { afterEach, describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parseEvents, untilLookedAt, useNotificationStream } from './stream';
import { useUnreadCount } from './notifications';
import { TOKEN_KEY } from '../../../lib/session';

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

describe('useNotificationStream', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    localStorage.removeItem(TOKEN_KEY);
  });

  it("keeps an event's count when a count read before it lands afterwards", async () => {
    // The e2e flake of notifications.test.mjs: the page's count read (0, read before the
    // approval was written) answered after the approval's event had set the bell to 1, and
    // put it back to 0 for good.
    localStorage.setItem(TOKEN_KEY, 'token');
    const enc = new TextEncoder();
    let push!: (chunk: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (chunk) => c.enqueue(enc.encode(chunk));
      },
    });
    const inbox = (unread: number) =>
      new Response(JSON.stringify({ data: [], meta: { unread, next_before: null } }), { headers: { 'Content-Type': 'application/json' } });
    let answerCount: ((r: Response) => void) | undefined;
    let reads = 0;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/notifications/stream') {
        return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
      }
      reads++;
      if (reads === 2) {
        // The resync's read stays on its way until the test answers it (or it is aborted).
        return new Promise<Response>((resolve, reject) => {
          answerCount = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return Promise.resolve(inbox(reads === 1 ? 0 : 1));
    }) as typeof fetch;

    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: qc }, children);
    const { result, unmount } = renderHook(
      () => {
        useNotificationStream();
        return useUnreadCount();
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBe(0));
    // The stream starts (a fresh one reads the count again), then the approval's event comes
    // while that read is on its way.
    push('retry: 3000\nid: 7\n\n');
    await waitFor(() => expect(answerCount).toBeTypeOf('function'));
    push(`id: 8\nevent: notification\ndata: ${JSON.stringify({ id: 8, kind: 'approved', params: {}, created_at: '', read_at: null, unread: 1 })}\n\n`);
    await waitFor(() => expect(result.current.data).toBe(1));
    // The read made before the approval answers now: the bell keeps the event's count.
    answerCount?.(inbox(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.data).toBe(1);
    unmount();
  });
});
