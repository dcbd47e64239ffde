import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const listed = {
  id: 1, name: 'Payroll script', prefix: 'hdr_AbCdEf', write: false, areas: ['people', 'attendance'], expires_at: null,
  last_used_at: '2026-11-20T01:02:00Z', last_used_ip: '10.0.0.7', revoked_at: null, created_at: '2026-11-01T00:00:00Z',
  created_by: 'Aisyah', expired: false,
};

function tokensApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  const tokens: Record<string, unknown>[] = [listed];
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/integrations/tokens' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      const made = { ...listed, id: 2, name: body.name, write: body.write, areas: body.areas, last_used_at: null, last_used_ip: '', prefix: 'hdr_XyZ123' };
      tokens.unshift(made);
      return { status: 201, body: { data: { ...made, token: 'hdr_XyZ123secretsecretsecretsecretsecretsecret' } } };
    }
    if (url.pathname === '/api/integrations/tokens') return { body: { data: tokens } };
    return undefined;
  });
}

describe('API tokens screen', () => {
  it('lists tokens with their scope and last use, and shows a new token once with the scope chosen', async () => {
    signIn(companyOwner);
    const calls = tokensApi();
    await renderApp('/settings/integrations/tokens');
    expect((await screen.findAllByTestId('token-row-name', {}, { timeout: 30_000 }))[0].textContent).toBe('Payroll script');
    expect(screen.getByTestId('token-row-last-used').textContent).toContain('from 10.0.0.7');

    fireEvent.click(screen.getByTestId('token-create'));
    fireEvent.change(await screen.findByTestId('token-name'), { target: { value: 'HR sync' } });
    fireEvent.click(screen.getByTestId('token-submit'));
    expect(await screen.findByText('Choose at least one area.')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('People'));
    fireEvent.click(screen.getByLabelText('Read and change'));
    fireEvent.click(screen.getByTestId('token-submit'));
    expect((await screen.findByTestId('token-secret')).textContent).toContain('hdr_XyZ123secret');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ name: 'HR sync', write: true, areas: ['people'] });
    await waitFor(() => expect(screen.getAllByTestId('token-row-name').map((n) => n.textContent)).toEqual(['HR sync', 'Payroll script']));
  }, 60_000); // the first render loads the shell and the screen lazily, slow on a loaded machine
});
