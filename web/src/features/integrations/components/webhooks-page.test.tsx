import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const listed = { id: 1, url: 'https://hr.example.com/hadir', events: ['person.created'], active: true, created_at: '2026-11-01T00:00:00Z' };
const delivery = {
  id: 7, webhook_id: 1, event: 'person.created', entity: 'person:3', status: 'failed', attempts: 9, last_status: 503, last_error: 'the receiver answered 503',
  created_at: '2026-11-20T01:02:00Z', next_attempt: '2026-11-21T01:02:00Z', delivered_at: null, redelivery_of: null,
};

function hooksApi() {
  const { access_token: _a, expires_at: _e, ...info } = companyOwner;
  const hooks: Record<string, unknown>[] = [listed];
  return mockFetch((url, init) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === '/api/integrations/webhooks' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      const made = { ...listed, id: 2, url: body.url, events: body.events };
      hooks.push(made);
      return { status: 201, body: { data: { ...made, secret: 'whsec_secretsecretsecretsecretsecret' } } };
    }
    if (url.pathname === '/api/integrations/webhooks') return { body: { data: hooks } };
    if (url.pathname === '/api/integrations/webhooks/1/deliveries') return { body: { data: [delivery] } };
    if (url.pathname === '/api/integrations/webhooks/1/deliveries/7/redeliver') return { status: 201, body: { data: { ...delivery, id: 8, status: 'pending' } } };
    return undefined;
  });
}

describe('Webhooks screen', () => {
  it('lists webhooks, shows a new one\'s secret once with the events chosen, and redelivers from the log', async () => {
    signIn(companyOwner);
    const calls = hooksApi();
    await renderApp('/settings/integrations/webhooks');
    expect((await screen.findAllByTestId('webhook-row-url', {}, { timeout: 30_000 }))[0].textContent).toBe('https://hr.example.com/hadir');

    fireEvent.click(screen.getByTestId('webhook-create'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://payroll.example.com/in' } });
    fireEvent.click(screen.getByTestId('webhook-submit'));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('Punch recorded'));
    fireEvent.click(screen.getByLabelText('Application approved'));
    fireEvent.click(screen.getByTestId('webhook-submit'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_secret');
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ url: 'https://payroll.example.com/in', events: ['punch.recorded', 'application.approved'] });
    fireEvent.click(screen.getByTestId('webhook-submit'));

    fireEvent.click(screen.getAllByTestId('webhook-log')[0]);
    expect((await screen.findByTestId('delivery-status')).textContent).toBe('Failed');
    expect(screen.getByText('503')).toBeTruthy();
    fireEvent.click(screen.getByTestId('delivery-redeliver'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/integrations/webhooks/1/deliveries/7/redeliver' && c.init?.method === 'POST')).toBe(true));
  }, 60_000);
});
