import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';

/** An API whose sign-in policy carries lastBackup; everything else answers empty. */
function policyApi(lastBackup: { at: string; size_bytes: number } | null) {
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') {
      const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
      return { body: { data: info } };
    }
    if (url.pathname === '/api/account/security/policy') {
      return { body: { data: { require_two_factor: false, last_backup: lastBackup } } };
    }
    if (url.pathname === '/api/account/two-factor') return { body: { data: { enabled: false, required: false } } };
    return { body: { data: {} } };
  });
}

describe('the last backup on the owner’s account settings', () => {
  it('shows when it finished, in the organisation’s zone, and its size', async () => {
    signIn(schoolOwner);
    policyApi({ at: '2026-11-22T18:31:00Z', size_bytes: 12_400_000 });
    await renderApp('/personal/account');
    const line = await screen.findByTestId('last-backup');
    // 18:31 UTC is 02:31 the next day in Kuala Lumpur.
    expect(line.textContent).toMatch(/^Last backup: .*23.*2026.*2:31.*\(12\.4 MB\)\.$/);
  });

  it('says when none has been taken', async () => {
    signIn(schoolOwner);
    policyApi(null);
    await renderApp('/personal/account');
    expect((await screen.findByTestId('last-backup')).textContent).toBe(
      'No scheduled backup has been taken yet (HADIR_BACKUP_SCHEDULE).',
    );
  });
});
