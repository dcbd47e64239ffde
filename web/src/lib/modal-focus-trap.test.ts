import { afterEach, describe, expect, it } from 'vitest';
import { focusFallback, watchModalFocus } from './modal-focus-trap';

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `
    <main id="main-content" tabindex="-1"><button id="opener">Approve</button></main>
    <div class="ant-modal-wrap"><div role="dialog"><button id="ok">OK</button></div></div>`;
  return { main: document.getElementById('main-content')!, opener: document.getElementById('opener')!, wrap: document.querySelector<HTMLElement>('.ant-modal-wrap')! };
}

describe('focus after a dialog closes', () => {
  it('goes to the content when the opener is gone', () => {
    const { main, opener, wrap } = page();
    opener.remove();
    wrap.style.display = 'none';
    expect(document.activeElement).toBe(document.body);
    focusFallback();
    expect(document.activeElement).toBe(main);
  });

  it('stays on the opener when it is still there', () => {
    const { opener, wrap } = page();
    wrap.style.display = 'none';
    opener.focus();
    focusFallback();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves focus alone while a dialog is open', () => {
    page();
    focusFallback();
    expect(document.activeElement).toBe(document.body);
  });

  it('is applied by the watcher when a dialog closes', async () => {
    const { main, wrap } = page();
    const stop = watchModalFocus();
    try {
      // The watcher sees the dialog open first, then closed.
      wrap.setAttribute('style', 'display: block');
      await new Promise((r) => setTimeout(r, 0));
      wrap.setAttribute('style', 'display: none');
      await new Promise((r) => setTimeout(r, 10));
      expect(document.activeElement).toBe(main);
    } finally {
      stop();
    }
  });
});

describe('focus after the focused element leaves the page', () => {
  it('goes to the content', async () => {
    const { main, opener, wrap } = page();
    wrap.remove();
    const stop = watchModalFocus();
    try {
      opener.focus();
      opener.remove();
      await new Promise((r) => setTimeout(r, 10));
      expect(document.activeElement).toBe(main);
    } finally {
      stop();
    }
  });
});
