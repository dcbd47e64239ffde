import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { TERMS_SECTIONS } from './terms-page';

describe('terms of use', () => {
  it('is a public page with every section, in the chosen language', async () => {
    await renderApp('/terms');
    await screen.findByTestId('terms-page');
    await act(() => i18n.changeLanguage('ms'));
    const page = await screen.findByTestId('terms-page');
    await within(page).findByText('Akaun anda');
    expect(within(page).getByRole('heading', { level: 3 }).textContent).toBe('Terma penggunaan');
    for (const s of TERMS_SECTIONS) expect(within(page).getByTestId(`terms-${s}`).textContent).not.toBe('');
    // The public frame: the product, what it does, the terms link.
    expect(screen.getByTestId('brand-name').textContent).toBe('Hadir');
    expect(screen.getByTestId('brand-tagline').textContent).toBe('Kehadiran dan cuti untuk sekolah dan syarikat');
    expect(screen.getByTestId('footer-terms').getAttribute('href')).toBe('/terms');
    await act(() => i18n.changeLanguage('en'));
  });

  it('is linked from the registration checkbox, opening in a new tab', async () => {
    await renderApp('/register/school');
    const link = await screen.findByTestId('terms-link');
    expect(link.getAttribute('href')).toBe('/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe('terms and conditions');
    expect(link.closest('label')?.textContent).toBe('I accept the terms and conditions');
  });
});
