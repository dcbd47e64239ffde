import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

function positionsApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/company/settings/positions') {
      const page = Number(url.searchParams.get('page[number]') ?? 1);
      return {
        body: {
          data: [{ id: page, name: `Clerk ${page}`, code: 'C', description: '', created_at: '2026-01-01T00:00:00Z' }],
          meta: { pagination: { total: 95, count: 1, per_page: 30, current_page: page, total_pages: 4 } },
        },
      };
    }
    return undefined;
  });
}

const listCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === '/api/company/settings/positions');

describe('positions list', () => {
  it('reads page and filter from the URL', async () => {
    signIn(companyOwner);
    const calls = positionsApi();
    await renderApp('/settings/company/positions?page=2&q=cl');
    expect(await screen.findByText('Clerk 2')).toBeTruthy();
    const last = listCalls(calls).at(-1)!.url.searchParams;
    expect(last.get('page[number]')).toBe('2');
    expect(last.get('page[size]')).toBe('30');
    expect(last.get('filter[name]')).toBe('cl');
  });

  it('writes the quick search to the URL from two characters after the debounce', async () => {
    signIn(companyOwner);
    const calls = positionsApi();
    const { router } = await renderApp('/settings/company/positions?page=3');
    await screen.findByText('Clerk 3');
    const box = screen.getByTestId('positions-search').querySelector('input') ?? screen.getByTestId('positions-search');

    fireEvent.change(box, { target: { value: 'm' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(router.state.location.search).toBe('?page=3');

    fireEvent.change(box, { target: { value: 'ma' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=ma'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('filter[name]')).toBe('ma'));
    expect(listCalls(calls).at(-1)!.url.searchParams.get('page[number]')).toBe('1');
  });

  it('moves to another page through the table pager', async () => {
    signIn(companyOwner);
    positionsApi();
    const { router } = await renderApp('/settings/company/positions');
    await screen.findByText('Clerk 1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Clerk 2')).toBeTruthy();
  });
});

describe('positions list history', () => {
  it('puts the filter back in the search box when going back', async () => {
    signIn(companyOwner);
    positionsApi();
    const { router } = await renderApp('/settings/company/positions?q=cl');
    await screen.findByText('Clerk 1');
    const box = screen.getByTestId('positions-search').querySelector('input') as HTMLInputElement;
    expect(box.value).toBe('cl');
    await router.navigate('/settings/company/positions');
    await waitFor(() => expect(box.value).toBe(''));
    await router.navigate(-1);
    await waitFor(() => expect(box.value).toBe('cl'));
  });
});
