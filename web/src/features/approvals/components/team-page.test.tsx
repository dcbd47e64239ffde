import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

describe('My team', () => {
  it("lists the reports and opens one's requests with their timeline", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    mockFetch((url) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/team') return { body: { data: [{ id: 7, code: 'E7', name: 'Siti Aminah' }] } };
      if (url.pathname === '/api/team/7/leave') return { body: { data: [], meta: { pagination: { total: 0, count: 0, per_page: 50, current_page: 1, total_pages: 1 } } } };
      if (url.pathname === '/api/team/7/requests') {
        return {
          body: {
            data: [{ id: 3, kind: 'attendance_correction', person_id: 7, date: '2026-12-08', type: 'add_punch', time: '17:30', punch_id: null, status: null,
              reason: 'Forgot', state: 'pending', created_at: '2026-12-09T01:00:00Z', applied_at: null,
              timeline: [{ id: 1, level: 0, level_kind: '', action: 'submitted', actor_name: 'Siti', comment: '', override: false, created_at: '2026-12-09T01:00:00Z' }] }],
          },
        };
      }
      return undefined;
    });
    await renderApp('/personal/team');
    fireEvent.click(await screen.findByTestId('team-open-7'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Requests' }));
    await waitFor(() => expect(screen.getByText('Add a punch 17:30')).toBeTruthy());
  });
});
