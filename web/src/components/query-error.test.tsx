import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { i18n, initI18n } from '../lib/i18n';
import { QueryError } from './query-error';

const unavailable = new ApiError({
  status: 503,
  code: 'service.unavailable',
  message: 'the database is unavailable; please try again shortly',
});

describe('a 503 service.unavailable', () => {
  it('shows a translated "try again shortly" message in the language of the user', async () => {
    await initI18n('en');
    const want: Record<string, string> = {
      en: 'The service is unavailable for a moment. Please try again shortly.',
      ms: 'Perkhidmatan tidak tersedia buat seketika.',
      de: 'Der Dienst ist vorübergehend nicht verfügbar.',
    };
    for (const [lng, text] of Object.entries(want)) {
      await i18n.changeLanguage(lng);
      await i18n.loadNamespaces('errors');
      const { unmount } = render(
        <I18nextProvider i18n={i18n}>
          <QueryError error={unavailable} />
        </I18nextProvider>,
      );
      expect(screen.getByRole('alert').textContent).toContain(text);
      unmount();
    }
    await i18n.changeLanguage('en');
  });
});
