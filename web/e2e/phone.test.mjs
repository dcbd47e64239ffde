// Issue 11 "Every screen works from 360 px to 1920 px": at 390×844, each of the five demo
// roles opens every path of the app's route table (read from the app itself, so new routes
// are covered) and no page scrolls sideways, there and at 360 and 414 px (the same page
// resized, not walked again); the menu drawer opens on every screen. Then the
// drawer's keyboard behaviour, the header and the touch targets are checked.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, go, screenshotOnFailure, settled, signIn, startBrowser, startServer, walkRoutes } from './harness.mjs';

const PHONE = { width: 390, height: 844 };
// The narrowest and the widest common phone, checked by resizing the page already open.
const OTHER_PHONE_WIDTHS = [360, 414];

let server;
let browser;

before(async () => {
  server = await startServer({}, { demo: true });
  browser = await startBrowser(server.baseURL);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's sideways overflow: its width against the window's, and what sticks out. */
async function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const inner = window.innerWidth;
    if (width <= inner) return null;
    const culprits = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > inner + 1 && r.width > 0 && el.closest('[aria-hidden="true"], .ant-drawer, .ant-modal-wrap') === null) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')}`;
        culprits.push(`${name} right=${Math.round(r.right)}`);
      }
    }
    return { width, inner, culprits: culprits.slice(0, 6) };
  });
}

/** The overflow at another width: the page resized and laid out again (not reloaded). */
async function overflowAt(page, width) {
  await page.setViewportSize({ width, height: PHONE.height });
  // Two frames: the resize's layout and whatever React re-renders for it (media queries).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return overflow(page);
}

async function drawerOpens(page) {
  await page.getByTestId('menu-drawer-open').click();
  await page.locator('.nav-drawer .ant-drawer-body [data-testid="nav-menu"]').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.locator('.nav-drawer .ant-drawer-section').waitFor({ state: 'hidden' });
}

for (const account of DEMO_ACCOUNTS) {
  test(`at 360, 390 and 414 px, ${account.role} opens every route without sideways scrolling, with the menu drawer`, () =>
    screenshotOnFailure(`phone-${account.role}`, () => ({ '': browser.page }), async () => {
      const page = browser.page;
      await page.setViewportSize(PHONE);
      await page.evaluate(() => localStorage.clear()).catch(() => {});
      await signIn(page, account.email, DEMO_PASSWORD);
      await settled(page);
      assert.ok((await page.evaluate(() => window.__hadirRoutePaths())).length > 50, 'too few routes in the table');
      const problems = [];
      await walkRoutes(page, async (path, ok) => {
        // A screen still loading after 15 s is measured as it is, and named in the log.
        if (!ok) console.log(`${account.role}: ${path} was still loading after 15 s`);
        const o = await overflow(page);
        if (o) problems.push(`${path} (now ${new URL(page.url()).pathname}): page ${o.width} px wide in ${o.inner}: ${o.culprits.join(', ')}`);
        for (const width of OTHER_PHONE_WIDTHS) {
          const other = await overflowAt(page, width);
          if (other) problems.push(`${path} at ${width} px: page ${other.width} px wide: ${other.culprits.join(', ')}`);
        }
        await page.setViewportSize(PHONE);
        // Public pages (a signed-in user is sent on) have no shell; every other has the drawer.
        if (await page.getByTestId('menu-drawer-open').isVisible()) {
          await drawerOpens(page);
        } else if (!/^\/(login|register|forgot|auth|verification|terms)/.test(path)) {
          problems.push(`${path}: no menu button`);
        }
      });
      assert.deepEqual(problems, [], `${problems.length} screens scroll sideways or lack the menu:\n${problems.join('\n')}`);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await page.waitForURL('**/login');
    }));
}

test('the phone drawer traps focus, closes on Escape and gives focus back; the header fits one line', () =>
  screenshotOnFailure('phone-drawer', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'hr@company.demo', DEMO_PASSWORD);
    await settled(page);
    // The organisation's name: one line, cut with an ellipsis, never over the title.
    const name = await page.getByTestId('org-name').evaluate((el) => {
      const s = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, line: parseFloat(s.lineHeight), ellipsis: s.textOverflow, wrap: s.whiteSpace };
    });
    assert.ok(name.height <= name.line * 1.5, `the organisation's name takes ${name.height} px (line ${name.line})`);
    assert.equal(name.ellipsis, 'ellipsis');
    assert.equal(name.wrap, 'nowrap');
    // Header controls are touch-sized.
    for (const id of ['menu-drawer-open', 'theme-switcher', 'language-switcher', 'user-menu']) {
      const box = await page.getByTestId(id).boundingBox();
      assert.ok(box.height >= 40 && box.width >= 40, `${id} is ${box.width}×${box.height}`);
    }
    // Keyboard: open, Tab stays inside, Escape closes, focus back on the button.
    const opener = page.getByTestId('menu-drawer-open');
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('.nav-drawer .ant-drawer-section');
    await drawer.waitFor({ state: 'visible' });
    assert.equal(await opener.getAttribute('aria-expanded'), 'true');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('.nav-drawer'));
      assert.ok(inside, `focus left the drawer after ${i + 1} Tab presses`);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'menu-drawer-open');
    // Choosing an entry navigates and closes the drawer.
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await page.locator('.nav-drawer').getByTestId('menu-personal').click();
    await page.locator('.nav-drawer').getByTestId('menu-personal-account').click();
    await page.waitForURL('**/personal/account');
    await drawer.waitFor({ state: 'hidden' });
    // A modal is a full-screen sheet, its form one column.
    await go(page, '/company/department/list');
    await page.getByTestId('department-create').click();
    // (Measured once its opening animation has ended.)
    const sheet = await page
      .waitForFunction(() => {
        const modal = [...document.querySelectorAll('.ant-modal-wrap .ant-modal')].pop();
        if (!modal || modal.getAnimations({ subtree: true }).some((a) => a.playState === 'running')) return null;
        const r = modal.getBoundingClientRect();
        const container = modal.querySelector('.ant-modal-container')?.getBoundingClientRect();
        return { left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width), height: container?.height ?? 0 };
      }, null, { polling: 100 })
      .then((h) => h.jsonValue());
    assert.deepEqual({ left: sheet.left, top: sheet.top, width: sheet.width }, { left: 0, top: 0, width: 360 });
    assert.ok(sheet.height >= 739, `the sheet is ${sheet.height} px tall`);
    await page.keyboard.press('Escape');
    // From 768 px the sidebar is back and the drawer button is gone.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByTestId('sidebar').waitFor({ state: 'visible' });
    assert.equal(await page.getByTestId('menu-drawer-open').count(), 0);
  }));
