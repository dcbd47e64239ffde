import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n, i18n } from '../../../lib/i18n';
import { ApprovalTimeline } from './approval-timeline';

describe('the approval timeline', () => {
  it('names each step, its level, the skip reason and an admin override', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['leave']);
    const at = '2026-12-01T09:00:00Z';
    render(
      <I18nextProvider i18n={i18n}>
        <ApprovalTimeline
          steps={[
            { id: 1, level: 0, level_kind: '', action: 'submitted', actor_name: 'Siti', comment: '', override: false, created_at: at },
            { id: 2, level: 0, level_kind: 'manager', action: 'skipped', actor_name: '', comment: 'no_approver', override: false, created_at: at },
            { id: 3, level: 1, level_kind: 'admins', action: 'approved', actor_name: 'Owner', comment: 'Enjoy', override: true, created_at: at },
          ]}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText('Nobody fills this level')).toBeTruthy();
    expect(screen.getByText(/Level 2/).textContent).toContain("The organisation's admins");
    expect(screen.getByText('Admin override')).toBeTruthy();
    expect(screen.getByText('Enjoy')).toBeTruthy();
  });
});
