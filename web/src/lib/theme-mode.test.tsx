import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { THEME_KEY, ThemeModeProvider, useThemeMode } from './theme-mode';

const realMatchMedia = window.matchMedia;

/** A prefers-color-scheme that the test can flip, with change listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? state.dark : false;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    state.dark = next;
    act(() => listeners.forEach((l) => l()));
  };
}

function Probe() {
  const { mode, dark, setMode } = useThemeMode();
  return (
    <>
      <span data-testid="state">{`${mode}:${dark ? 'dark' : 'light'}`}</span>
      <button onClick={() => setMode('dark')}>dark</button>
      <button onClick={() => setMode('system')}>system</button>
    </>
  );
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('theme mode', () => {
  it('follows the device by default, live', () => {
    const flip = fakeSystem(false);
    render(<ThemeModeProvider><Probe /></ThemeModeProvider>);
    expect(screen.getByTestId('state').textContent).toBe('system:light');
    flip(true);
    expect(screen.getByTestId('state').textContent).toBe('system:dark');
  });

  it('remembers a choice, and forgets it when the user goes back to the device', () => {
    fakeSystem(false);
    const { unmount } = render(<ThemeModeProvider><Probe /></ThemeModeProvider>);
    act(() => screen.getByText('dark').click());
    expect(screen.getByTestId('state').textContent).toBe('dark:dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    unmount();
    render(<ThemeModeProvider><Probe /></ThemeModeProvider>);
    expect(screen.getByTestId('state').textContent).toBe('dark:dark');
    act(() => screen.getByText('system').click());
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(screen.getByTestId('state').textContent).toBe('system:light');
  });
});
