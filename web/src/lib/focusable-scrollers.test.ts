import { describe, expect, it } from 'vitest';
import { markScrollers } from './focusable-scrollers';

/** jsdom has no layout: give a box the sizes a browser would. */
function box(html: string, scrollWidth: number, clientWidth: number): HTMLElement {
  document.body.innerHTML = html;
  const el = document.body.firstElementChild as HTMLElement;
  el.style.overflowX = 'auto';
  Object.defineProperty(el, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, get: () => clientWidth });
  return el;
}

describe('focusable scrollers', () => {
  it('gives a sideways-scrolling table without focusable content a tab stop', () => {
    const el = box('<div class="ant-table-wrapper"><table><tr><td>1</td></tr></table></div>', 900, 390);
    markScrollers();
    expect(el.tabIndex).toBe(0);
    expect(el.hasAttribute('data-scroll-focus')).toBe(true);
  });

  it('leaves a box alone that fits or already holds a focusable control, and takes a stop back', () => {
    const fits = box('<div class="ant-table-wrapper"><table><tr><td>1</td></tr></table></div>', 300, 390);
    markScrollers();
    expect(fits.hasAttribute('tabindex')).toBe(false);
    const link = box('<div class="ant-table-wrapper"><a href="/x">x</a></div>', 900, 390);
    markScrollers();
    expect(link.hasAttribute('tabindex')).toBe(false);
    const grows = box('<div class="ant-table-wrapper"><table><tr><td>1</td></tr></table></div>', 900, 390);
    markScrollers();
    expect(grows.tabIndex).toBe(0);
    Object.defineProperty(grows, 'scrollWidth', { configurable: true, get: () => 200 });
    markScrollers();
    expect(grows.hasAttribute('tabindex')).toBe(false);
  });

  it('counts an overflow of one pixel, as axe does', () => {
    const el = box('<div class="ant-table-wrapper"><table><tr><td>1</td></tr></table></div>', 391, 390);
    markScrollers();
    expect(el.tabIndex).toBe(0);
  });
});
