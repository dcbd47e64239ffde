import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { companyOwner, mockFetch, renderApp, schoolOwner, signIn } from '../../../test/render-app';
import type { Session } from '../../../lib/api-schemas';

const person = {
  id: 7, kind: 'teacher', code: 'T-7', first_name: 'Aminah', last_name: 'Yusof', name: 'Aminah Yusof', email: '', join_date: '',
  department_id: null, image_url: '', has_account: false, is_admin: false, role: '', archived: false, archived_at: null,
};

/** People API of one person, whose details hold a job record and a group. */
function peopleApi(session: Session, listPath: string, detailsPath: string, group: { id: number; name: string } | null) {
  const { access_token: _a, expires_at: _e, ...info } = session;
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') return { body: { data: info } };
    if (url.pathname === listPath) {
      return { body: { data: [person], meta: { pagination: { total: 1, count: 1, per_page: 30, current_page: 1, total_pages: 1 } } } };
    }
    if (url.pathname === detailsPath) {
      return {
        body: {
          data: {
            general: person, contact: null, personal: null, payroll: null, family: null, education: [], group,
            job: {
              id: 3, position: 'Senior teacher', position_id: 0, position_code: 'GB1', type: 'full_time', effective_date: '', end_of_probation: '',
              employment_status: '', remark: '', manager_id: 9, manager: { id: 9, name: 'Hajah Rohani' },
            },
          },
        },
      };
    }
    if (url.pathname === '/api/company/settings/positions') {
      return { body: { data: [{ id: 4, name: 'Clerk' }], meta: { pagination: { total: 1, count: 1, per_page: 150, current_page: 1, total_pages: 1 } } } };
    }
    if (url.pathname.includes('/detail')) return { body: { data: { id: 3 } } };
    return undefined;
  });
}

async function openJob(code: string) {
  fireEvent.click(await screen.findByTestId(`edit-${code}`));
  fireEvent.click(await screen.findByTestId('tab-job'));
}

describe("the job area", () => {
  it("of a teacher has a position text field and shows the group read-only with a link to the Groups screen", async () => {
    signIn(schoolOwner);
    const calls = peopleApi(schoolOwner, '/api/school/employee/teacher', '/api/school/employee/teacher/details', { id: 2, name: 'Morning session' });
    const { router } = await renderApp('/school/teacher/list');
    await openJob('T-7');
    const position = (await screen.findByTestId('job-position')) as HTMLInputElement;
    expect(position.value).toBe('Senior teacher');
    expect(screen.getByText('Position')).toBeTruthy();
    expect(screen.queryByTestId('job-position_id')).toBeNull();
    expect(screen.getByTestId('job-group').textContent).toBe('Morning session');
    expect(screen.getByText('Manager')).toBeTruthy();
    expect(screen.getByText('Hajah Rohani')).toBeTruthy();

    fireEvent.change(position, { target: { value: 'Head of science' } });
    fireEvent.click(screen.getByTestId('job-submit'));
    await waitFor(() => {
      const save = calls.find((c) => c.url.pathname === '/api/school/employee/teacher/details/job');
      expect(save).toBeTruthy();
      const body = JSON.parse(String(save!.init!.body));
      expect(body.position).toBe('Head of science');
      expect(body.id).toBe(7);
      expect('group' in body).toBe(false);
      // The manager shown by name is sent back as its id: saving the area keeps the line.
      expect(body.manager_id).toBe(9);
    });
    // No positions call: a school has no list of positions.
    expect(calls.some((c) => c.url.pathname === '/api/company/settings/positions')).toBe(false);

    fireEvent.click(screen.getByTestId('job-group-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/school/teacher/group'));
  });

  it('says when the person is in no group, and keeps the position list of a company', async () => {
    signIn(companyOwner);
    peopleApi(companyOwner, '/api/employee/record', '/api/employee/details', null);
    await renderApp('/company/employee/list');
    await openJob('T-7');
    expect((await screen.findByTestId('job-group')).textContent).toBe('Not in a group');
    expect(screen.getByTestId('job-group-link').getAttribute('href')).toBe('/company/employee/group');
    expect(await screen.findByTestId('job-position_id')).toBeTruthy();
    expect(screen.queryByTestId('job-position')).toBeNull();
  });
});
