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

/** Installs the trap for the whole document; returns the function that removes it. */
export function watchModalFocus(): () => void {
  document.addEventListener('keydown', trapTab, true);
  return () => document.removeEventListener('keydown', trapTab, true);
}
