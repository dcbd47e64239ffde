// A box that scrolls sideways (a wide table on a phone, the yearly grid) must be reachable by
// keyboard, or its hidden columns cannot be read without a mouse (WCAG 2.1.1; axe's
// scrollable-region-focusable). antd renders these boxes itself, so one observer gives every
// such box without a focusable child a tab stop, and takes it back when it no longer scrolls.

export const SCROLLER_SELECTOR = '.ant-table-wrapper, .ant-table-content, .ant-table-body, .ant-descriptions, .ant-tabs-content, .wide-box';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
const MARK = 'data-scroll-focus';

/** Gives each sideways-scrolling box under root without focusable content a tab stop. */
export function markScrollers(root: ParentNode = document) {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLER_SELECTOR)) {
    // Any overflow counts, even 1 px: axe counts it (an empty table in a drawer was 209 px in a
    // 208 px box and had no tab stop).
    const scrolls = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    const style = scrolls ? getComputedStyle(el) : null;
    const overflowing = !!style && /(auto|scroll)/.test(`${style.overflowX} ${style.overflowY}`);
    const marked = el.hasAttribute(MARK);
    const hasFocusable = !!el.querySelector(FOCUSABLE);
    if (overflowing && !hasFocusable && !marked) {
      el.setAttribute(MARK, '');
      el.tabIndex = 0;
    } else if (marked && (!overflowing || hasFocusable)) {
      el.removeAttribute(MARK);
      el.removeAttribute('tabindex');
    }
  }
}

/** Watches the document (changes and resizes, once per frame); returns the stop function. */
export function watchScrollers(): () => void {
  let frame = 0;
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(() => {
      frame = 0;
      markScrollers();
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}
