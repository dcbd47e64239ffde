import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';
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

  it("edits the organisation's attendance-correction chain, and a school's named person is found among teachers and staff", async () => {
    signIn(schoolOwner);
    const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
    const page = (data: unknown[]) => ({ body: { data, meta: { pagination: { total: data.length, count: data.length, per_page: 30, current_page: 1, total_pages: 1 } } } });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/school/leave/management') return page([]);
      if (url.pathname === '/api/school/employee/teacher') return page([{ id: 4, code: 'T4', name: 'Amir Guru' }]);
      if (url.pathname === '/api/school/employee/staff') return page([{ id: 8, code: 'S8', name: 'Amran Kerani' }]);
      if (url.pathname === '/api/approvals/chain' && (!init?.method || init.method === 'GET')) {
        return { body: { data: { kind: url.searchParams.get('kind'), type_id: 0, levels: ['admins'], own: false } } };
      }
      if (url.pathname === '/api/approvals/chain') return { body: { data: { ...JSON.parse(String(init!.body)), own: true } } };
      return undefined;
    });
    await renderApp('/school/leave/detail');
    fireEvent.click(await screen.findByTestId('correction-chain-open'));
    expect(await screen.findByText(/Members' requests to correct their attendance/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/approvals/chain' && c.url.searchParams.get('kind') === 'attendance_correction')).toBe(true));
    const list = await screen.findByTestId('chain-levels');
    await waitFor(() => expect(within(list).getByText("The organisation's admins")).toBeTruthy());
    // The only level becomes a named person: a member of the staff.
    const level = within(list).getByTestId('chain-level-0');
    fireEvent.mouseDown(level.querySelector('.ant-select-selector') ?? level);
    fireEvent.click(await screen.findByText('A named person'));
    const picker = await screen.findByTestId('chain-person-0');
    const input = picker.querySelector('input')!;
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') ?? picker);
    fireEvent.change(input, { target: { value: 'Am' } });
    expect(await screen.findByText('Amran Kerani (S8)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByText('Amir Guru (T4)', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => {
      const searched = calls.filter((c) => c.url.searchParams.get('filter[base]') === 'Am').map((c) => c.url.pathname);
      expect(searched).toEqual(expect.arrayContaining(['/api/school/employee/teacher', '/api/school/employee/staff']));
    });
    // The list may be between two searches' answers when the request check passes: find the
    // option again rather than assume it is still shown (it failed so on a loaded CI machine).
    fireEvent.click(await screen.findByText('Amran Kerani (S8)', {}, { timeout: 15_000 }));
    fireEvent.click(screen.getByTestId('chain-submit'));
    await waitFor(() => {
      const save = calls.find((c) => c.url.pathname === '/api/approvals/chain' && c.init?.method === 'POST');
      expect(save).toBeTruthy();
      expect(JSON.parse(String(save!.init!.body))).toEqual({ kind: 'attendance_correction', type_id: 0, levels: ['person:8'] });
    });
  }, 60_000);

  it("edits the organisation's overtime chain", async () => {
    signIn(companyOwner);
    const { access_token: _a, expires_at: _e, ...info } = companyOwner;
    const page = (data: unknown[]) => ({ body: { data, meta: { pagination: { total: data.length, count: data.length, per_page: 30, current_page: 1, total_pages: 1 } } } });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/verify') return { body: { data: info } };
      if (url.pathname === '/api/company/leave') return page([]);
      if (url.pathname === '/api/approvals/chain' && (!init?.method || init.method === 'GET')) {
        return { body: { data: { kind: url.searchParams.get('kind'), type_id: 0, levels: ['admins'], own: false } } };
      }
      if (url.pathname === '/api/approvals/chain') return { body: { data: { ...JSON.parse(String(init!.body)), own: true } } };
      return undefined;
    });
    await renderApp('/company/leave/details');
    fireEvent.click(await screen.findByTestId('overtime-chain-open', {}, { timeout: 15_000 }));
    expect(await screen.findByText(/Overtime requests of groups that need overtime approved/)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/approvals/chain' && c.url.searchParams.get('kind') === 'overtime')).toBe(true));
    const list = await screen.findByTestId('chain-levels');
    await waitFor(() => expect(within(list).getByText("The organisation's admins")).toBeTruthy());
    const level = within(list).getByTestId('chain-level-0');
    fireEvent.mouseDown(level.querySelector('.ant-select-selector') ?? level);
    fireEvent.click(await screen.findByText("The applicant's manager"));
    fireEvent.click(screen.getByTestId('chain-submit'));
    await waitFor(() => {
      const save = calls.find((c) => c.url.pathname === '/api/approvals/chain' && c.init?.method === 'POST');
      expect(save).toBeTruthy();
      expect(JSON.parse(String(save!.init!.body))).toEqual({ kind: 'overtime', type_id: 0, levels: ['manager'] });
    });
  }, 60_000);
});
