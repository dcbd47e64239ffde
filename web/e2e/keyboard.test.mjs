// Issue 17 "the main tasks can be done by keyboard alone": signing in, the skip link, modals
// that give focus back to what opened them, and the three main tasks end to end: a member
// applies for leave, an administrator approves it, and the administrator downloads the
// monthly report. No mouse anywhere in this file: every move is Tab, Enter, arrows, typing or
// Escape (a screen is opened by its address, as typed into the address bar).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
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

/** Presses Tab until the element with testId, or a control inside it (the input of a select or
 * date picker), has the focus (a keyboard user's way there). */
async function tabTo(page, testId, max = 150) {
  const inside = (id) => !!document.activeElement?.closest(`[data-testid="${id}"]`);
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(inside, testId)) return i;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${testId} never got the focus in ${max} Tab presses (last: ${await focused(page)})`);
}

/** Starts again from the top of the page, as after a page load: the browser's next Tab
 * starts where focus last was, so a throwaway element at the top takes it, and goes once the
 * next Tab has moved on (removed while focused, the app would send focus to the content). */
async function fromTop(page) {
  await page.evaluate(() => {
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    mark.addEventListener('blur', () => setTimeout(() => mark.remove(), 0), { once: true });
    document.body.prepend(mark);
    mark.focus();
  });
}

/** Jumps over the header and menu the way a keyboard user does: the skip link, then Tab on. */
async function toContent(page) {
  await fromTop(page);
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'skip-to-content');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'main-content');
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

const ymd = (d) => d.toISOString().slice(0, 10);

/**
 * A weekday of this calendar year (the demo's entitlements cover this year only) on which the
 * member has no pending or approved application: the nearest ahead, else the nearest behind.
 */
async function freeWeekday(page) {
  const mine = await page.evaluate(async () => {
    const res = await fetch('/api/school/personal/leave/application?page[size]=100', { headers: { Authorization: `Bearer ${localStorage.getItem('id_token')}` } });
    return (await res.json()).data ?? [];
  });
  const taken = mine.filter((a) => a.status === 'pending' || a.status === 'approved');
  const free = (day) => {
    const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
    // Weekdays only, and not the 25th of December (a public holiday in the demo's calendar).
    return wd !== 0 && wd !== 6 && !day.endsWith('-12-25') && !taken.some((a) => a.from_date <= day && day <= a.to_date);
  };
  const today = new Date();
  const year = today.getUTCFullYear();
  for (const step of [1, -1]) {
    for (let i = 7; i < 370; i++) {
      const d = new Date(today.getTime() + step * i * 86_400_000);
      if (d.getUTCFullYear() !== year) break;
      if (free(ymd(d))) return ymd(d);
    }
  }
  assert.fail('no free weekday this year for the member');
}

/** Waits until focus is on the element with testId (or fails naming where it is). */
async function focusIs(page, testId, why) {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, { timeout: 5000 }).catch(() => {});
  assert.equal(await focused(page), testId, why);
}

let appliedDate;
let memberName;
let applied = false;

test('by keyboard alone: a member applies for leave', () =>
  screenshotOnFailure('keyboard-apply', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByKeyboard(page, 'employee@company.demo');
    appliedDate = await freeWeekday(page);
    memberName = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').name);
    assert.ok(await go(page, '/personal/leave/application'));
    await page.getByTestId('leave-apply-open').waitFor();
    await fromTop(page);
    await tabTo(page, 'leave-apply-open');
    await page.keyboard.press('Enter');
    await page.getByTestId('leave-apply-form').waitFor();
    // The type: a combobox opened with the arrow key, filtered by typing, picked with Enter.
    await tabTo(page, 'leave-apply-type', 10);
    await page.keyboard.type('Annual');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Annual leave' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="leave-apply-type"]')?.textContent?.includes('Annual leave'), null, { timeout: 5000 });
    // The list closes a task after the pick (rc-select delays closing through a
    // MessageChannel); a Tab pressed while it is still open picks the active option again and
    // keeps the focus, and under load the browser runs key presses first. A user sees the list
    // close before moving on; so does this test.
    await page.waitForFunction(() => document.querySelector('[data-testid="leave-apply-type"] [role="combobox"]')?.getAttribute('aria-expanded') === 'false', null, { timeout: 5000 });
    // The first day, typed into the date field; Tab leaves it with the date taken (Enter
    // would send the form).
    await tabTo(page, 'leave-apply-from', 5);
    await page.keyboard.type(appliedDate);
    await page.keyboard.press('Tab');
    const typed = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="leave-apply-from"]');
      return (el?.tagName === 'INPUT' ? el : el?.querySelector('input'))?.value;
    });
    assert.equal(typed, appliedDate);
    await tabTo(page, 'leave-apply-reason', 20);
    await page.keyboard.type('Keyboard only');
    await tabTo(page, 'leave-apply-submit', 20);
    await page.keyboard.press('Enter');
    await page.getByTestId('leave-apply-form').waitFor({ state: 'detached', timeout: 15_000 });
    // The dialog closed and gave focus back to the button that opened it.
    await focusIs(page, 'leave-apply-open', 'after applying, focus did not return to the apply button');
    await page.getByTestId('my-applications-table').locator('tr', { hasText: appliedDate }).getByTestId('leave-status-pending').waitFor({ timeout: 15_000 });
    applied = true;
  }));

test('by keyboard alone: the administrator approves it and exports the monthly report', () =>
  screenshotOnFailure('keyboard-approve', () => ({ '': browser.page }), async () => {
    assert.ok(applied, 'the member did not apply');
    const page = browser.page;
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByKeyboard(page, 'hr@company.demo');
    // The approval list opens on "Pending"; the search box narrows it to the application.
    assert.ok(await go(page, '/company/leave/application'));
    await toContent(page);
    await tabTo(page, 'application-search');
    await page.keyboard.type(memberName);
    const row = page.getByTestId('applications-table').locator('tr', { hasText: appliedDate }).filter({ hasText: 'Keyboard only' });
    await row.waitFor({ timeout: 15_000 }).catch(() => {});
    const approve = await row.locator('[data-testid^="approve-"]').first().getAttribute('data-testid', { timeout: 15_000 });
    await tabTo(page, approve, 200);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Approve', 'the icon-only approve button has no name');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal-wrap [role="dialog"]').last();
    await dialog.waitFor({ state: 'visible' });
    await tabTo(page, 'decision-comment', 10);
    await page.keyboard.type('Approved by keyboard');
    await tabTo(page, 'decision-submit', 10);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    // The approve button left with the pending row, so focus goes to the screen's content,
    // not lost on the page's <body>.
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: 5000 }).catch(() => {});
    const after = await focused(page);
    assert.equal(after || 'body', 'main-content', 'after approving, focus is not on the content');
    assert.ok(await go(page, '/company/leave/application?status=approved'));
    await page.getByTestId('applications-table').locator('tr', { hasText: appliedDate }).filter({ hasText: 'Keyboard only' }).getByTestId('leave-status-approved').waitFor({ timeout: 15_000 });

    // The monthly report: Tab to the xlsx button, Enter, and the file arrives.
    assert.ok(await go(page, '/company/employee/attendance/monthly'));
    await page.getByTestId('attendance-export-xlsx').waitFor();
    await toContent(page);
    await tabTo(page, 'attendance-export-xlsx');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    assert.equal(download.suggestedFilename(), 'Company Monthly Attendance.xlsx');
    const path = await download.path();
    assert.ok(path && statSync(path).size > 1000, 'the downloaded report is empty');
  }));
