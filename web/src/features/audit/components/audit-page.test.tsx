import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const entry = (id: number, extra: Record<string, unknown> = {}) => ({
  id, at: '2026-11-20T09:15:00+08:00', actor_id: 7, actor_name: 'Aisyah', via: 'session', token_id: null, session_ref: 'ab12',
  ip: '10.0.0.7', entity: 'position', entity_id: String(id), person_id: null, person_name: '', action: 'update',
  old: { name: 'Clerk' }, new: { name: 'Senior clerk' }, ...extra,
});

function auditApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/audit/settings') return { body: { data: { retention_days: 0 } } };
    if (url.pathname === '/api/audit') {
      const before = url.searchParams.get('before');
      if (!before) return { body: { data: [entry(3), entry(2, { via: 'token', token_id: 5, action: 'revoke' })], meta: { next_before: 2, kinds: [] } } };
      return { body: { data: [entry(1, { action: 'create', old: null })], meta: { next_before: null, kinds: [] } } };
    }
    return undefined;
  });
}

describe('Audit trail screen', () => {
  it('lists changes with their actor, expands the old → new values, pages on, and filters through the URL', async () => {
    signIn(companyOwner);
    const calls = auditApi();
    await renderApp('/settings/audit?entity=position');
    await waitFor(() => expect(screen.getAllByTestId('audit-row-actor').map((n) => n.textContent)).toEqual(['Aisyah', 'Aisyah']), { timeout: 30_000 });
    expect(screen.getAllByTestId('audit-row-action').map((n) => n.textContent)).toEqual(['Changed', 'Revoked']);
    expect(screen.getByText('token #5')).toBeTruthy();
    const listCall = calls.find((c) => c.url.pathname === '/api/audit');
    expect(listCall?.url.searchParams.get('filter[entity]')).toBe('position');

    fireEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0]);
    const diff = await screen.findByTestId('audit-diff');
    expect(diff.textContent).toContain('Clerk');
    expect(diff.textContent).toContain('Senior clerk');

    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row-action').map((n) => n.textContent)).toEqual(['Changed', 'Revoked', 'Created']));
    expect(calls.some((c) => c.url.searchParams.get('before') === '2')).toBe(true);
  }, 60_000);
});
