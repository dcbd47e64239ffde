import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../test/render-app';
import { CHUNK_RELOAD_KEY, isChunkError, shouldReloadForChunk } from './route-error';

// The profile page's chunk fails to load, as after a release replaced the files.
vi.mock('../features/account/components/profile-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-abc123.js');
});

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the route error page', () => {
  it('shows a translated page with reload and dashboard inside the shell when a page chunk fails again after the reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The page has just reloaded itself over this chunk.
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    signIn(schoolOwner);
    mockFetch((url) => {
      if (url.pathname === '/api/verify') {
        const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
        return { body: { data: info } };
      }
      return undefined;
    });
    await renderApp('/personal/profile');
    expect(await screen.findByTestId('route-error')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText(/perhaps because Hadir has just been updated/)).toBeTruthy();
    expect(screen.getByTestId('route-error-reload').textContent).toContain('Reload');
    expect(screen.getByTestId('route-error-dashboard').textContent).toContain('Go to the dashboard');
    // React Router's default page is not shown, and the shell's menu stays usable.
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByTestId('menu-dashboard')).toBeTruthy();
  });

  it('reloads once for a failed chunk, not again within a minute, and never for other errors', () => {
    const chunk = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    const t0 = 1_000_000;
    expect(shouldReloadForChunk(new Error('Cannot read properties of undefined'), t0)).toBe(false);
    expect(shouldReloadForChunk(chunk, t0)).toBe(true);
    expect(shouldReloadForChunk(chunk, t0 + 5_000)).toBe(false);
    expect(shouldReloadForChunk(chunk, t0 + 61_000)).toBe(true);
  });

  it('tells a failed chunk from other errors', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkError(new Error('Loading chunk 12 failed'))).toBe(true);
    expect(isChunkError(new Error('mocking failed', { cause: new TypeError('Failed to fetch dynamically imported module: /b.js') }))).toBe(true);
    expect(isChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
