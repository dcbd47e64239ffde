import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CODE_CHECK_DEBOUNCE_MS, useCodeAvailability } from './code-check';
import { TEACHER_FACE } from './faces';
import { mockFetch } from '../../../test/render-app';

function wrapper() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('code availability', () => {
  it('asks the server once, after typing paused, with the edited person excepted', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/school/employee/teacher/code'
        ? { body: { data: { available: url.searchParams.get('code') !== 'T-1', exists: url.searchParams.get('code') === 'T-1' } } }
        : undefined,
    );
    const { result, rerender } = renderHook(({ code }) => useCodeAvailability(TEACHER_FACE, code, 9), {
      wrapper: wrapper(),
      initialProps: { code: '' },
    });
    // Typing T, T-, T-1 quickly: no request until the debounce has passed.
    rerender({ code: 'T' });
    rerender({ code: 'T-' });
    rerender({ code: 'T-1' });
    expect(result.current.status).toBe('checking');
    await act(() => sleep(CODE_CHECK_DEBOUNCE_MS / 2));
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(result.current.status).toBe('taken'));
    expect(calls).toHaveLength(1);
    expect(calls[0].url.searchParams.get('code')).toBe('T-1');
    expect(calls[0].url.searchParams.get('id')).toBe('9');

    rerender({ code: 'T-2' });
    await waitFor(() => expect(result.current.status).toBe('available'));
    expect(calls).toHaveLength(2);
  });

  it('does not check an empty, malformed or unchanged code', async () => {
    const calls = mockFetch(() => ({ body: { data: { available: true, exists: false } } }));
    const { result, rerender } = renderHook(({ code }) => useCodeAvailability(TEACHER_FACE, code, 1, 'OWN'), {
      wrapper: wrapper(),
      initialProps: { code: '' },
    });
    rerender({ code: 'bad code!' });
    await act(() => sleep(CODE_CHECK_DEBOUNCE_MS + 100));
    rerender({ code: 'OWN' });
    await act(() => sleep(CODE_CHECK_DEBOUNCE_MS + 100));
    expect(calls).toHaveLength(0);
    expect(result.current.status).toBe('idle');
  });
});
