// Issue 17 "the main tasks can be done by keyboard alone": signing in, the skip link, and
// modals that give focus back to what opened them — no mouse anywhere in this file (every
// move is Tab, Enter, typing or Escape). Not yet covered here: applying for leave, approving
// it and exporting the monthly report end to end by keyboard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, go, screenshotOnFailure, settled, startBrowser, startServer } from './harness.mjs';

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

const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.id ?? '');

/** Presses Tab until the element with testId has the focus (a keyboard user's way there). */
async function tabTo(page, testId, max = 150) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === testId) return i;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${testId} never got the focus in ${max} Tab presses (last: ${await focused(page)})`);
}

/** Starts again from the top of the page, as after a page load: the browser's next Tab
 * starts where focus last was, so a throwaway element at the top takes it and goes. */
async function fromTop(page) {
  await page.evaluate(() => {
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    document.body.prepend(mark);
    mark.focus();
    mark.remove();
  });
}

async function signInByKeyboard(page, email) {
  await page.goto('/login');
  await settled(page);
  await fromTop(page);
  await tabTo(page, 'login-email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'login-password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(dashboard|personal\/profile)/);
  // The signed-in shell replaces the login screen once its code has loaded.
  await page.locator('.app-shell').waitFor();
  await settled(page);
}

/** Opens a modal from its button by keyboard, closes it with Escape, and checks focus came back. */
async function modalGivesFocusBack(page, opener) {
  await page.getByTestId(opener).waitFor();
  await fromTop(page);
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.ant-modal-wrap [role="dialog"]').last();
  await dialog.waitFor({ state: 'visible' });
  await page.waitForFunction(() => !!document.activeElement?.closest('.ant-modal-wrap'), null, { timeout: 3000 }).catch(() => {});
  // Focus moved into the dialog, and Tab keeps it there.
  for (let i = 0; i < 15; i++) {
    const where = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('.ant-modal-wrap') ? '' : (el?.outerHTML ?? 'nothing').slice(0, 200);
    });
    assert.equal(where, '', `focus left the dialog after ${i} Tab presses`);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, opener, { timeout: 5000 }).catch(() => {});
  assert.equal(await focused(page), opener, 'focus did not return to the button that opened the dialog');
}

test('by keyboard: sign in, skip to content, and a dialog gives focus back (member)', () =>
  screenshotOnFailure('keyboard-member', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByKeyboard(page, 'employee@company.demo');
    // The skip link is the first tab stop and lands on the screen's content.
    await fromTop(page);
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'skip-to-content');
    assert.ok(await page.getByTestId('skip-to-content').isVisible(), 'the focused skip link is not visible');
    await page.keyboard.press('Enter');
    assert.equal(await focused(page), 'main-content');
    // The leave application dialog.
    assert.ok(await go(page, '/personal/leave/application'));
    await modalGivesFocusBack(page, 'leave-apply-open');
  }));

test('by keyboard: an administrator opens and closes a dialog and gets focus back', () =>
  screenshotOnFailure('keyboard-admin', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByKeyboard(page, 'hr@company.demo');
    assert.ok(await go(page, '/company/department/list'));
    await modalGivesFocusBack(page, 'department-create');
  }));
