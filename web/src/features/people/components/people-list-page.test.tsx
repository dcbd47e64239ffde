import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';

function teachersApi() {
  const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/people/1/erase' && init?.method === 'POST') return { body: { data: { id: 1, code: 'ERASED-1' } } };
    if (url.pathname === '/api/school/employee/teacher' || url.pathname === '/api/school/employee/teacher/archived') {
      const page = Number(url.searchParams.get('page[number]') ?? 1);
      const archived = url.pathname.endsWith('/archived');
      return {
        body: {
          data: [
            {
              id: page, kind: 'teacher', code: `T-${page}`, first_name: archived ? 'Old' : 'Aminah', last_name: `${page}`,
              name: `${archived ? 'Old' : 'Aminah'} ${page}`, email: 'a@example.com', join_date: '', department_id: null,
              image_url: '', has_account: false, is_admin: false, role: '', archived, archived_at: null,
            },
          ],
          meta: { pagination: { total: 65, count: 1, per_page: 30, current_page: page, total_pages: 3 } },
        },
      };
    }
    return undefined;
  });
}

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname.startsWith('/api/school/employee/teacher'));

describe('teacher list', () => {
  it('reads page and quick search from the URL and asks for 30 per page', async () => {
    signIn(schoolOwner);
    const calls = teachersApi();
    await renderApp('/school/teacher/list?page=2&q=am');
    expect(await screen.findByText('Aminah 2')).toBeTruthy();
    const last = listCalls(calls).at(-1)!.url.searchParams;
    expect(last.get('page[number]')).toBe('2');
    expect(last.get('page[size]')).toBe('30');
    expect(last.get('filter[base]')).toBe('am');
    expect((screen.getByTestId('people-search').querySelector('input') as HTMLInputElement).value).toBe('am');
  });

  it('writes the search to the URL from two characters and resets the page', async () => {
    signIn(schoolOwner);
    const calls = teachersApi();
    const { router } = await renderApp('/school/teacher/list?page=3');
    await screen.findByText('Aminah 3');
    const box = screen.getByTestId('people-search').querySelector('input')!;
    fireEvent.change(box, { target: { value: 'a' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(router.state.location.search).toBe('?page=3');
    fireEvent.change(box, { target: { value: 'am' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=am'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('filter[base]')).toBe('am'));
  });

  it('shows the archived list under /archived and offers the resend action for invited people', async () => {
    signIn(schoolOwner);
    teachersApi();
    const { router } = await renderApp('/school/teacher/list');
    await screen.findByText('Aminah 1');
    expect(screen.getByTestId('resend-T-1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-archived'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/school/teacher/list/archived'));
    expect(await screen.findByText('Old 1')).toBeTruthy();
    expect(screen.getByTestId('restore-T-1')).toBeTruthy();
  });

  it('erases a leaver only after a confirmation that says it cannot be undone', async () => {
    signIn(schoolOwner);
    const calls = teachersApi();
    await renderApp('/school/teacher/list');
    await screen.findByText('Aminah 1', undefined, { timeout: 60_000 });
    fireEvent.click(screen.getByTestId('tab-archived'));
    await screen.findByText('Old 1', undefined, { timeout: 60_000 });
    expect(screen.getByTestId('personal-data-T-1').getAttribute('aria-label')).toBe('Export personal data (zip)');
    fireEvent.click(screen.getByTestId('erase-T-1'));
    expect((await screen.findAllByText('Erase Old 1 for good?', undefined, { timeout: 60_000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/cannot be brought back/).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.pathname.endsWith('/erase'))).toBe(false);
    fireEvent.click(screen.getByTestId('erase-confirm'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/people/1/erase')).toBe(true), { timeout: 60_000 });
    const erase = calls.find((c) => c.url.pathname === '/api/people/1/erase')!;
    expect(JSON.parse(String(erase.init?.body))).toEqual({ confirm: true });
    expect(await screen.findByText('Erased. Their figures are kept as ERASED-1.', undefined, { timeout: 60_000 })).toBeTruthy();
  }, 180_000);

  it('offers no erasure for a current person, only the export', async () => {
    signIn(schoolOwner);
    teachersApi();
    await renderApp('/school/teacher/list');
    await screen.findByText('Aminah 1');
    expect(screen.getByTestId('personal-data-T-1')).toBeTruthy();
    expect(screen.queryByTestId('erase-T-1')).toBeNull();
  });
});
