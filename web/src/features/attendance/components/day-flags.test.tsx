// Issue 13: a day's partial-day away and leave show as hours beside its flags, and not at all
// on a day without any.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n, i18n } from '../../../lib/i18n';
import { DayFlags } from './day-flags';

async function show(day: Parameters<typeof DayFlags>[0]['day'], lang: NonNullable<Parameters<typeof initI18n>[0]> = 'en') {
  await initI18n(lang);
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(['attendance']);
  return render(
    <I18nextProvider i18n={i18n}>
      <DayFlags day={day} />
    </I18nextProvider>,
  );
}

describe('day flags with partial days', () => {
  it('show the hours away and on leave', async () => {
    await show({ late: true, early_out: false, missing_out: false, away_minutes: 120, leave_minutes: 90 });
    expect(screen.getByTestId('flag-away-minutes').textContent).toBe('Away 2 h');
    expect(screen.getByTestId('flag-leave-minutes').textContent).toBe('On leave 1 h 30 min');
    expect(screen.getByTestId('flag-late')).toBeTruthy();
  });

  it('show nothing for a day without partial days', async () => {
    await show({ late: false, early_out: false, missing_out: false, away_minutes: 0, leave_minutes: 0 });
    expect(screen.queryByTestId('flag-away-minutes')).toBeNull();
    expect(screen.queryByTestId('flag-leave-minutes')).toBeNull();
  });

  it('speak the language of the user', async () => {
    await show({ late: false, early_out: false, missing_out: false, away_minutes: 45 }, 'ms');
    expect(screen.getByTestId('flag-away-minutes').textContent).toBe('Keluar 45 min');
  });
});
