import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { mockFetch, renderApp, schoolOwner, signIn } from '../../test/render-app';
import { i18n } from '../../lib/i18n';
import { screenTitle } from './document-title';

function verifyOk() {
  return mockFetch((url) => {
    if (url.pathname === '/api/verify') {
      const { access_token: _a, expires_at: _e, ...info } = schoolOwner;
      return { body: { data: info } };
    }
    return undefined;
  });
}

describe('document title', () => {
  it('names the screen and its section, and follows the language', async () => {
    signIn();
    verifyOk();
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · Hadir'));
    await router.navigate('/personal/leave');
    await waitFor(() => expect(document.title).toBe('Leave – Personal · Hadir'));
    await i18n.changeLanguage('de');
    await waitFor(() => expect(document.title).toBe('Urlaub – Persönlich · Hadir'));
    await i18n.changeLanguage('en');
  });
});

describe('screen titles', () => {
  const en = (k: string) => i18n.t(k, { lng: 'en' });
  const owner = { ...schoolOwner, permissions: [...(schoolOwner.permissions ?? [])] };

  it('name the sub-view the path ends in', () => {
    expect(screenTitle('/school/leave/application/staff', owner, en)).toBe('Staff – Approval – Leave · Hadir');
    expect(screenTitle('/school/leave/application/teacher', owner, en)).toBe('Teacher – Approval – Leave · Hadir');
    expect(screenTitle('/school/management/attendance/teacher/monthly/individual', owner, en)).toBe('One person – Monthly – Teacher – Attendance · Hadir');
    expect(screenTitle('/school/teacher/list/archived', owner, en)).toBe('Archived – List – Teacher · Hadir');
    expect(screenTitle('/personal/leave/entitlement', owner, en)).toBe('Entitlement – Leave – Personal · Hadir');
  });

  it('name the spec’s alias paths and screens without a menu entry', () => {
    expect(screenTitle('/school/leave/teacher/assignment', owner, en)).toBe(screenTitle('/school/leave/assignment/teacher', owner, en));
    expect(screenTitle('/personal/team', owner, en)).not.toBe('Hadir');
    expect(screenTitle('/company/leave/assignment', null, en)).toBe('Assignment – Leave · Hadir');
  });
});
