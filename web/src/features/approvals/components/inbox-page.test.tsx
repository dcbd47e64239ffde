import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const waitingItem = {
  id: 4, kind: 'attendance_correction', ref_id: 9, person_id: 2, person_name: 'Siti Aminah', chain: ['manager', 'admins'], level: 1,
  level_kind: 'admins', status: 'pending', approver_id: null, delegated_from: null, created_at: '2026-12-01T09:00:00Z',
};

describe('Waiting for me', () => {
  it('lists what waits, asks for a comment to reject, and sends the decision', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/approvals') return { body: { data: [waitingItem] } };
      if (url.pathname.startsWith('/api/approvals/')) return { body: { data: { request: waitingItem, timeline: [] } } };
      return undefined;
    });
    await renderApp('/approvals');
    expect(await screen.findByText('Siti Aminah')).toBeTruthy();
    expect(screen.getByText('Attendance correction')).toBeTruthy();
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
