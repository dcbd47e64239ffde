import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../lib/i18n';
import { ScrollToTop } from './scroll-to-top';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'pageYOffset', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'pageYOffset', { value: 0, configurable: true, writable: true });
});

describe('the scroll-to-top button', () => {
  it('appears after 300 px, is a labelled button and scrolls up over about 600 ms', async () => {
    await initI18n('en');
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <ScrollToTop />
      </I18nextProvider>,
    );
    scrollWindowTo(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Back to the top' })).toBeNull();

    scrollWindowTo(900);
    const button = await screen.findByRole('button', { name: 'Back to the top' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(document.activeElement).toBe(button);

    const tops: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      tops.push(y);
    }) as typeof window.scrollTo);
    const start = Date.now();
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 250));
    // Part of the way up, not at once.
    expect(tops.length).toBeGreaterThan(0);
    expect(tops[tops.length - 1]).toBeGreaterThan(0);
    await waitFor(() => expect(tops[tops.length - 1]).toBe(0), { timeout: 2000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(550);
  });

  it('has a translated label', async () => {
    await initI18n('de');
    await i18n.changeLanguage('de');
    render(
      <I18nextProvider i18n={i18n}>
        <ScrollToTop />
      </I18nextProvider>,
    );
    scrollWindowTo(400);
    expect(await screen.findByRole('button', { name: 'Nach oben' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
