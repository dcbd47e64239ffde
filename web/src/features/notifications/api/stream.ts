// The live notification stream: server-sent events read with fetch, not EventSource, because
// the API authenticates with a bearer header (EventSource cannot send one, and a token in the
// URL would land in access logs). It keeps EventSource's behaviour: reconnect after the
// server's retry delay, resuming with Last-Event-ID so nothing is missed.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getToken } from '../../../lib/session';
import { notificationKeys, type Notification } from './notifications';

export interface StreamEvent {
  id: string;
  event: string;
  data: string;
}

/** Splits a chunk of an event stream into complete events; returns them and the rest. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string; retry?: number; lastId?: string } {
  const events: StreamEvent[] = [];
  let retry: number | undefined;
  let lastId: string | undefined;
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const ev: StreamEvent = { id: '', event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') ev.id = lastId = value;
      else if (field === 'event') ev.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    }
    ev.data = data.join('\n');
    if (data.length > 0) events.push(ev);
  }
  // As in EventSource, an id without data still moves the last event id (the server's first
  // block says where the stream starts, so a reconnect before any event misses nothing).
  return { events, rest, retry, lastId };
}

export type StreamNotification = Notification & { unread: number };

/**
 * Resolves when the page is looked at again (visible and focused), or when aborted: a stream
 * the server superseded (the user opened more tabs than the cap) reconnects only then, so
 * that background tabs do not push each other out in turn.
 */
export function untilLookedAt(signal: AbortSignal, doc: Document = document, win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      doc.removeEventListener('visibilitychange', onChange);
      win.removeEventListener('focus', onChange);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onChange = () => {
      if (doc.visibilityState === 'visible') done();
    };
    doc.addEventListener('visibilitychange', onChange);
    win.addEventListener('focus', onChange);
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows the signed-in user's notification stream while mounted: each event sets the
 * unread count and refreshes the inbox. Reconnects after the server ends a stream or the
 * network drops, from the last id seen.
 */
export function useNotificationStream(onNotification?: (n: StreamNotification) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    const abort = new AbortController();
    let lastId = '';
    let delay = 3000;
    const run = async () => {
      while (!abort.signal.aborted) {
        const token = getToken();
        if (!token) return;
        try {
          const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
          if (lastId) headers['Last-Event-ID'] = lastId;
          const res = await fetch('/api/notifications/stream', { headers, signal: abort.signal, cache: 'no-store' });
          if (res.status === 401 || res.status === 403) return; // the session ended: the API client signs out
          if (res.ok && res.body) {
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            let buffer = '';
            let superseded = false;
            // A stream opened without a last id starts after the newest notification at that
            // moment. One written between the page's first count and that moment would be in
            // neither, so the count and the inbox are read again once the stream has started.
            let resync = !lastId;
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              const parsed = parseEvents(buffer + value);
              buffer = parsed.rest;
              if (parsed.retry) delay = parsed.retry;
              if (parsed.lastId) lastId = parsed.lastId;
              if (resync && parsed.lastId) {
                resync = false;
                void qc.invalidateQueries({ queryKey: [...notificationKeys.all, 'unread'] });
                void qc.invalidateQueries({ queryKey: [...notificationKeys.all, 'inbox'] });
              }
              for (const ev of parsed.events) {
                if (ev.event === 'superseded') superseded = true;
                if (ev.event !== 'notification') continue;
                const n = JSON.parse(ev.data) as StreamNotification;
                // The event's count is the newest. A count read still on its way (the page's
                // first, or the resync's, read before this notification was written) would
                // overwrite it when it lands, and no later event would mend the bell: so it is
                // cancelled first (cancelling restores what the query held before it).
                const unreadKey = [...notificationKeys.all, 'unread'];
                await qc.cancelQueries({ queryKey: unreadKey });
                qc.setQueryData(unreadKey, n.unread);
                void qc.invalidateQueries({ queryKey: [...notificationKeys.all, 'inbox'] });
                // The dashboard's "waiting for you" counts change with what admins are told.
                if (n.kind === 'submitted' || n.kind === 'cancelled' || n.kind === 'waiting') {
                  void qc.invalidateQueries({ queryKey: ['dashboard', 'waiting'] });
                }
                onNotification?.(n);
              }
            }
            if (superseded) {
              await untilLookedAt(abort.signal);
              continue;
            }
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((r) => setTimeout(r, delay));
      }
    };
    void run();
    return () => abort.abort();
    // The stream lives as long as the shell; onNotification is read at each event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qc]);
}
