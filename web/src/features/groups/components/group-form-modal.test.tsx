import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';

const office = {
  id: 7, kind: 'employee', name: 'Office', description: '', mode: '', time_in: '08:00', cut_off_time_in: '10:00', time_out: '17:00',
  cut_off_time_out: '23:00', late_after_cut_off: false, overtime_threshold_minutes: 30, overtime_needs_approval: false, members: 3, effective_from: '2026-01-01',
};

describe('Group edit', () => {
  it('sets what a first punch after the cut-off in counts as, and sends it with the group', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/group/record/update' && init?.method === 'POST') return { body: { data: { ...office, late_after_cut_off: true } } };
      if (url.pathname === '/api/group/record') return { body: { data: [office], meta: { pagination: { total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 } } } };
      return undefined;
    });
    await renderApp('/company/employee/group');
    await screen.findByText('Office', {}, { timeout: 15_000 });
    fireEvent.click(await screen.findByTestId('group-edit', {}, { timeout: 15_000 }));
    const select = await screen.findByTestId('group-after-cut-off');
    // The group's current rule is shown: absent.
    expect(select.textContent).toContain('Absent (the default)');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const options = await screen.findAllByText('Present, late');
    fireEvent.click(options[options.length - 1]);
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/group/record/update');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toMatchObject({ id: 7, name: 'Office', late_after_cut_off: true });
    });
  }, 60_000);

  it('shows the overtime threshold and approval, and sends the changed ones', async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/group/record/update' && init?.method === 'POST') return { body: { data: { ...office, overtime_threshold_minutes: 45, overtime_needs_approval: true } } };
      if (url.pathname === '/api/group/record') return { body: { data: [office], meta: { pagination: { total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1 } } } };
      return undefined;
    });
    await renderApp('/company/employee/group');
    await screen.findByText('Office', {}, { timeout: 15_000 });
    fireEvent.click(await screen.findByTestId('group-edit', {}, { timeout: 15_000 }));
    const threshold = (await screen.findByTestId('group-overtime-threshold')) as HTMLInputElement;
    await waitFor(() => expect(threshold.value).toBe('30'));
    fireEvent.change(threshold, { target: { value: '45' } });
    const select = screen.getByTestId('group-overtime-approval');
    expect(select.textContent).toContain('Not needed (counts as approved)');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const options = await screen.findAllByText('Needed, through the overtime approval chain');
    fireEvent.click(options[options.length - 1]);
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => {
      const sent = calls.find((c) => c.url.pathname === '/api/group/record/update');
      expect(sent).toBeTruthy();
      expect(JSON.parse(String(sent!.init!.body))).toMatchObject({ id: 7, overtime_threshold_minutes: 45, overtime_needs_approval: true });
    });
  }, 60_000);
});
