// Screenshots of the main screens in the light and the dark colour scheme, for review (issue
// 10). The server holds the demo data (`hadir demo`); one role per face: the school's owner for
// the management screens, the company's member for the personal ones. The browser emulates
// prefers-color-scheme, which the app's theme follows by default. The pictures go to
// web/e2e/.artifacts/screenshots/<scheme>-<screen>.png, which CI keeps as an artefact.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';

export const screenshotsDir = join(artifactsDir, 'screenshots');
const PASSWORD = 'hadir-demo-2026';

// Each screen: a name, a path, what to wait for before the picture (data, not a spinner), and
// screenshot options.
const faces = [
  {
    email: 'admin@school.demo',
    screens: [
      ['school-dashboard', '/dashboard', (p) => p.getByTestId('trend-teacher').getByTestId('trend-label').first().waitFor()],
      ['school-daily', '/school/management/attendance/teacher/daily', (p) => p.getByTestId('day-reason').first().waitFor()],
      [
        'school-day-detail',
        '/school/management/attendance/teacher/daily',
        async (p) => {
          await p.getByTestId('daily-table').locator('tbody tr.ant-table-row').first().click();
          await p.getByTestId('clock-drawer').getByTestId('day-reason').waitFor();
        },
        { fullPage: false }, // the drawer covers the window, not the whole list
      ],
      ['school-monthly', '/school/management/attendance/teacher/monthly', (p) => p.getByTestId('monthly-grid').locator('[data-status]').first().waitFor()],
      ['school-leave-approval', '/school/leave/application/teacher', (p) => p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor()],
    ],
  },
  {
    email: 'employee@company.demo',
    screens: [
      ['company-member-dashboard', '/dashboard', (p) => p.getByTestId('home-today').getByTestId('home-first-punch').waitFor()],
      ['company-member-attendance', '/personal/attendance', (p) => p.getByTestId('personal-calendar').locator('[data-status]').first().waitFor()],
      ['company-member-leave', '/personal/leave/application', (p) => p.locator('.ant-table, .ant-empty').first().waitFor()],
    ],
  },
];

let server;
let browser;
let page;

before(async () => {
  server = await startServer({}, { demo: true });
  browser = await startBrowser(server.baseURL);
  page = browser.page;
  rmSync(screenshotsDir, { recursive: true, force: true });
  mkdirSync(screenshotsDir, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Forgets the session, so the next sign-in starts from the form. */
async function signOut() {
  await page.goto('/login');
  await page.evaluate(() => localStorage.removeItem('id_token'));
  await page.goto('/login');
}

/** Waits for fonts and for antd's loading states to settle, then saves the page. */
async function shoot(name, { fullPage = true } = {}) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), null, { timeout: 15_000 });
  const path = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  assert.ok(statSync(path).size > 10_000, `${path} is nearly empty`);
}

for (const scheme of ['light', 'dark']) {
  test(`the sign-in page in the ${scheme} scheme`, () =>
    screenshotOnFailure(`screens-${scheme}-login`, () => ({ '': page }), async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await signOut();
      await page.getByTestId('login-email').waitFor();
      await shoot(`${scheme}-login`);
    }));

  for (const face of faces) {
    test(`the main screens of ${face.email} in the ${scheme} scheme`, () =>
      screenshotOnFailure(`screens-${scheme}-${face.email}`, () => ({ '': page }), async () => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await signOut();
        await signIn(page, face.email, PASSWORD);
        for (const [name, path, ready, options] of face.screens) {
          await page.goto(path);
          await ready(page);
          await shoot(`${scheme}-${name}`, options);
        }
      }));
  }
}
