// On a phone the sections are a radio group (no role="tablist" holding antd's overflow
// button); on a wide screen antd's Tabs. The chosen section survives the switch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PHONE_QUERY } from '../lib/use-media-query';
import { SectionTabs } from './section-tabs';

let phone = false;
const listeners = new Set<() => void>();
function stubMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === PHONE_QUERY && phone;
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    dispatchEvent: () => false,
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

const items = [
  { key: 'in', label: <span data-testid="s-in">Enrolled</span>, children: <p>enrolled list</p> },
  { key: 'sync', label: <span data-testid="s-sync">Synchronise</span>, children: <p>sync panel</p> },
];

describe('section tabs', () => {
  it('are a labelled radio group on a phone and tabs on a wide screen, keeping the chosen section', () => {
    phone = true;
    stubMedia();
    render(<SectionTabs items={items} ariaLabel="Sections" />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Sections' })).toBeTruthy();
    expect(screen.getByText('enrolled list')).toBeTruthy();
    fireEvent.click(screen.getByTestId('s-sync'));
    expect(screen.getByText('sync panel')).toBeTruthy();
    expect(screen.queryByText('enrolled list')).toBeNull();

    phone = false;
    act(() => listeners.forEach((l) => l()));
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Synchronise');
  });
});
