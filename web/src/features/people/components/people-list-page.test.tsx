import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';

function teachersApi() {
  const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
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
});
