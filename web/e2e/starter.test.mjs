// A ready start (issue 13): register a school in Malay, find the starter leave and away types
// named in Malay, and import Selangor's public holidays with a preview.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifactsDir, screenshotOnFailure, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now().toString(36);
let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await startBrowser(server.baseURL);
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '': page }), fn, () =>
    console.error(`server log: ${server?.logPath}; screenshot: ${join(artifactsDir, `${name}.png`)}`));

async function choose(testId, text) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option-active:visible').first().waitFor();
  await page.keyboard.press('Enter');
}

test('a school registered in Malay starts with Malay leave and away types', () =>
  onFailure('starter-register', async () => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'ms'));
    await page.goto('/register/school');
    await page.getByTestId('school-name').fill('SK Seri Starter');
    await page.getByTestId('school-code').fill(`ST${stamp}`.slice(0, 12).toUpperCase());
    await page.getByTestId('school-email').fill(`office-${stamp}@example.com`);
    await page.getByTestId('school-contact').fill('0312345678');
    await page.getByTestId('admin-name').fill('Cikgu Starter');
    await page.getByTestId('admin-email').fill(`owner-${stamp}@example.com`);
    await page.getByTestId('admin-password').fill('starter-pass-123');
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/dashboard');
    await page.goto('/school/leave/detail');
    await page.getByTestId('leave-type-row-name').first().waitFor();
    const leave = await page.getByTestId('leave-type-row-name').allInnerTexts();
    for (const name of ['Cuti tahunan', 'Cuti sakit', 'Cuti kecemasan', 'Cuti tanpa gaji']) assert.ok(leave.includes(name), `${name} in ${leave}`);
    await page.goto('/school/away/detail');
    await page.getByTestId('leave-type-row-name').first().waitFor();
    const away = await page.getByTestId('leave-type-row-name').allInnerTexts();
    for (const name of ['Urusan luar', 'Mesyuarat', 'Tugas luar daerah']) assert.ok(away.includes(name), `${name} in ${away}`);
  }));

test('import Selangor public holidays with a preview, then again adds nothing', () =>
  onFailure('starter-holidays', async () => {
    await page.goto('/school/management/holiday');
    await page.getByTestId('holiday-import').click();
    await choose('holiday-import-country', 'Malaysia');
    await choose('holiday-import-region', 'Selangor');
    await choose('holiday-import-year', '2026');
    const summary = page.getByTestId('holiday-import-summary');
    await summary.waitFor();
    await page.getByTestId('holiday-import-preview').getByText('Hari Malaysia').first().waitFor();
    await page.getByTestId('holiday-import-submit').click();
    await page.getByTestId('holiday-import-summary').waitFor({ state: 'detached' });
    await page.getByTestId('holidays-search').locator('input').fill('Hari Malaysia');
    await page.getByTestId('holiday-row-name').filter({ hasText: 'Hari Malaysia' }).first().waitFor();
    // Again: every day is there, so nothing is left to import.
    await page.getByTestId('holiday-import').click();
    await choose('holiday-import-country', 'Malaysia');
    await choose('holiday-import-region', 'Selangor');
    await page.getByTestId('holiday-import-preview').getByText('Hari Malaysia').first().waitFor();
    await page.getByTestId('holiday-import-summary').getByText(/, 0 /).waitFor();
    assert.equal(await page.getByTestId('holiday-import-submit').isDisabled(), true);
  }));
