import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy screens (and the lazy signed-in shell) load their chunk on first use; give them time
// under a cold transform cache on a busy two-core machine.
configure({ asyncUtilTimeout: 15_000 });

// antd reads media queries for responsive layout; jsdom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd's Table and virtual lists observe sizes.
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom lacks getComputedStyle pseudo-element support that antd probes for scrollbars.
const realGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => realGetComputedStyle(elt);

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = 'sidebar_collapsed=; Max-Age=0; path=/';
});
