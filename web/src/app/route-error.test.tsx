import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../test/render-app';
import { isChunkError } from './route-error';

// The profile page's chunk fails to load, as after a release replaced the files.
vi.mock('../features/account/components/profile-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/profile-page-abc123.js');
});

afterEach(() => vi.restoreAllMocks());

describe('the route error page', () => {
  it('shows a translated page with reload and dashboard inside the shell when a page chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
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

  it('tells a failed chunk from other errors', () => {
    expect(isChunkError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkError(new Error('Loading chunk 12 failed'))).toBe(true);
    expect(isChunkError(new Error('mocking failed', { cause: new TypeError('Failed to fetch dynamically imported module: /b.js') }))).toBe(true);
    expect(isChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
