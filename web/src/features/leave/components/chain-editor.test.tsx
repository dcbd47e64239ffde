import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, signIn } from '../../../test/render-app';
import { fromDrafts, toDrafts } from '../api/approval-chain';

const annual = { id: 5, type: 'Annual', description: '', unit: 'day', day_count: 14, paid: true, allow_negative: false, attachment_required: false, max_carry: 0 };

describe('the approval chain editor', () => {
  it('reads and writes the stored forms of levels', () => {
    expect(toDrafts(['manager', 'person:12', 'admins'])).toEqual([{ kind: 'manager' }, { kind: 'person', personId: 12 }, { kind: 'admins' }]);
    // A person level without a person is left out rather than sent half-filled.
    expect(fromDrafts([{ kind: 'department_head' }, { kind: 'person' }, { kind: 'person', personId: 3 }])).toEqual(['department_head', 'person:3']);
  });

  it("opens from a leave type's row, shows the chain and saves the edited levels", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/company/leave') {
        return { body: { data: [annual], meta: { pagination: { total: 1, count: 1, per_page: 30, current_page: 1, total_pages: 1 } } } };
      }
      if (url.pathname === '/api/approvals/chain' && (!init?.method || init.method === 'GET')) {
        return { body: { data: { kind: 'leave', type_id: 5, levels: ['admins'], own: false } } };
      }
      if (url.pathname === '/api/approvals/chain') return { body: { data: { kind: 'leave', type_id: 5, levels: JSON.parse(String(init!.body)).levels, own: true } } };
      return undefined;
    });
    await renderApp('/company/leave/details');
    fireEvent.click(await screen.findByTestId('leave-type-chain-5'));
    const list = await screen.findByTestId('chain-levels');
    await waitFor(() => expect(within(list).getByText("The organisation's admins")).toBeTruthy());
    fireEvent.click(screen.getByTestId('chain-add'));
    // The new level (the applicant's manager) goes first.
    fireEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1]);
    fireEvent.click(screen.getByTestId('chain-submit'));
    await waitFor(() => {
      const save = calls.find((c) => c.url.pathname === '/api/approvals/chain' && c.init?.method === 'POST');
      expect(save).toBeTruthy();
      expect(JSON.parse(String(save!.init!.body))).toEqual({ kind: 'leave', type_id: 5, levels: ['manager', 'admins'] });
    });
  });
});
