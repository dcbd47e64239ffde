// Keeps Tab and Shift+Tab inside the open modal dialog: from its last focusable element Tab
// goes to its first and back. antd's own trap lets focus fall out to the page (the <body>)
// after the dialog's last control (found by the keyboard end-to-end test, issue 17), so one
// document listener does it for every Modal of the app.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The topmost open dialog, if any. */
export function openDialog(doc: Document = document): HTMLElement | null {
  const wraps = [...doc.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter((w) => w.style.display !== 'none' && w.querySelector('[role="dialog"]'));
  return wraps.length ? wraps[wraps.length - 1].querySelector<HTMLElement>('[role="dialog"]') : null;
}

/** The keydown handler: moves focus round inside the open dialog on Tab. */
export function trapTab(e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const dialog = openDialog();
  if (!dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]') && getComputedStyle(el).visibility !== 'hidden',
  );
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && dialog.contains(active);
  if (!inside || (e.shiftKey && active === first) || (!e.shiftKey && active === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/**
 * After a dialog closes antd gives focus back to what opened it; when that is gone (the approve
 * button of a row that left the list once approved) focus falls to <body> and a keyboard or
 * screen-reader user starts again from the top. Then it goes to the screen's content instead.
 */
export function focusFallback(doc: Document = document) {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.isConnected) return;
  if (openDialog(doc)) return;
  doc.getElementById('main-content')?.focus({ preventScroll: true });
}

/** Installs the trap and the fallback for the whole document; returns the function that removes them. */
export function watchModalFocus(): () => void {
  document.addEventListener('keydown', trapTab, true);
  // The element that last had focus: when it leaves the page (its row was removed after the
  // dialog had already given focus back to it), focus has fallen to <body> with it.
  let last: Element | null = null;
  const onFocus = (e: FocusEvent) => {
    last = e.target instanceof Element ? e.target : null;
  };
  document.addEventListener('focusin', onFocus, true);
  // A dialog closes by hiding its wrapper (style display: none) after its animation, then
  // antd restores focus; the check runs just after that.
  let wasOpen = false;
  const observer = new MutationObserver(() => {
    const open = !!openDialog();
    if ((wasOpen && !open) || (last && !last.isConnected)) {
      last = null;
      setTimeout(() => focusFallback(), 0);
    }
    wasOpen = open;
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  return () => {
    document.removeEventListener('keydown', trapTab, true);
    document.removeEventListener('focusin', onFocus, true);
    observer.disconnect();
  };
}
