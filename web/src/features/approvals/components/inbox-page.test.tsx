import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const waitingItem = {
  id: 4, kind: 'attendance_correction', ref_id: 9, person_id: 2, person_name: 'Siti Aminah', chain: ['manager', 'admins'], level: 1,
  level_kind: 'admins', status: 'pending', approver_id: null, delegated_from: null, created_at: '2026-12-01T09:00:00Z',
  attachment_url: '/api/requests/attendance/9/attachment',
};

describe('Waiting for me', () => {
  it('lists what waits, asks for a comment to reject, and sends the decision', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/approvals') return { body: { data: [waitingItem] } };
      if (url.pathname === '/api/approvals/delegations') return { body: { data: [] } };
      if (url.pathname.startsWith('/api/approvals/')) return { body: { data: { request: waitingItem, timeline: [] } } };
      return undefined;
    });
    await renderApp('/approvals');
    expect(await screen.findByText('Siti Aminah')).toBeTruthy();
    expect(screen.getByText('Attendance correction')).toBeTruthy();
    // The request's document opens from the inbox.
    expect(screen.getByTestId('request-attachment')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reject-attendance_correction-9'));
    fireEvent.click(await screen.findByTestId('decision-submit'));
    // A rejection says why: nothing is sent without a comment.
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/reject'))).toBe(false);
    fireEvent.change(screen.getByTestId('decision-comment'), { target: { value: 'No visit was planned' } });
    fireEvent.click(screen.getByTestId('decision-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/approvals/attendance_correction/9/reject');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toEqual({ comment: 'No visit was planned' });
    });
  });
});

describe('While I am away', () => {
  const given = { id: 3, person_id: 2, person_name: 'Siti Aminah', substitute_id: 5, substitute_name: 'Rahim Tan', from_date: '2026-12-01', to_date: '2026-12-05' };

  it('lists the substitutes named, names one for a range of dates, and removes one', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    let delegations = [given];
    const calls = mockFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/approvals') return { body: { data: [] } };
      if (url.pathname === '/api/approvals/substitutes') return { body: { data: [{ id: 7, code: 'E7', name: 'Nurul Huda' }] } };
      if (url.pathname === '/api/approvals/delegations' && method === 'GET') return { body: { data: delegations } };
      if (url.pathname === '/api/approvals/delegations' && method === 'POST') {
        const b = JSON.parse(String(init!.body));
        const d = { id: 9, person_id: 2, person_name: 'Siti Aminah', substitute_id: b.substitute_id, substitute_name: 'Nurul Huda', from_date: b.from_date, to_date: b.to_date };
        delegations = [...delegations, d];
        return { status: 201, body: { data: d } };
      }
      if (url.pathname === '/api/approvals/delegations' && method === 'DELETE') {
        delegations = delegations.filter((d) => d.id !== Number(url.searchParams.get('id')));
        return { status: 204 };
      }
      return undefined;
    });
    await renderApp('/approvals');
    const card = await screen.findByTestId('delegation-card');
    expect(await within(card).findByText('Rahim Tan decides for Siti Aminah from 2026-12-01 to 2026-12-05')).toBeTruthy();

    // Nothing is sent without a substitute and dates.
    fireEvent.click(within(card).getByTestId('delegation-add'));
    expect((await within(card).findAllByText('This field is required.')).length).toBe(2);
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    const picker = within(card).getByTestId('delegation-substitute');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.click(await screen.findByText('Nurul Huda (E7)'));
    const ranges = within(card).getAllByTestId('delegation-range');
    const [from, to] = [...new Set(ranges.flatMap((e) => (e.tagName === 'INPUT' ? [e] : [...e.querySelectorAll('input')])))];
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2026-12-07' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter' });
    fireEvent.focus(to);
    fireEvent.change(to, { target: { value: '2026-12-11' } });
    fireEvent.keyDown(to, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(to);
    fireEvent.click(within(card).getByTestId('delegation-add'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/approvals/delegations' && c.init?.method === 'POST');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toEqual({ substitute_id: 7, from_date: '2026-12-07', to_date: '2026-12-11' });
    });
    expect(await within(card).findByText('Nurul Huda decides for Siti Aminah from 2026-12-07 to 2026-12-11')).toBeTruthy();

    fireEvent.click(within(card).getByTestId('delegation-remove-3'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.searchParams.get('id') === '3')).toBe(true));
    await waitFor(() => expect(within(card).queryByText(/Rahim Tan/)).toBeNull());
  }, 60_000);
});

describe('Waiting for me: overtime', () => {
  const overtimeItem = {
    id: 6, kind: 'overtime', ref_id: 12, person_id: 2, person_name: 'Ravi Kumar', chain: ['manager'], level: 0, level_kind: 'manager', status: 'pending',
    approver_id: 1, delegated_from: null, created_at: '2026-12-01T09:00:00Z', attachment_url: '',
    overtime: { id: 12, kind: 'overtime', person_id: 2, date: '2026-11-16', worked_minutes: 105, minutes: 105, reason: '', state: 'pending', created_at: '2026-12-01T09:00:00Z', decided_at: null },
  };

  it('shows the date and minutes asked, and sends lowered minutes with the approval', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/approvals') return { body: { data: [overtimeItem] } };
      if (url.pathname === '/api/approvals/delegations') return { body: { data: [] } };
      if (url.pathname.startsWith('/api/approvals/')) return { body: { data: { request: overtimeItem, timeline: [] } } };
      return undefined;
    });
    await renderApp('/approvals');
    expect((await screen.findByTestId('overtime-12')).textContent).toBe('2026-11-16 · 1:45');
    expect(screen.getByText('Overtime')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approve-overtime-12'));
    const minutes = (await screen.findByTestId('decision-minutes')) as HTMLInputElement;
    await waitFor(() => expect(minutes.value).toBe('105'));
    fireEvent.change(minutes, { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('decision-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/approvals/overtime/12/approve');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toEqual({ comment: '', minutes: 60 });
    });
  }, 60_000);
});
