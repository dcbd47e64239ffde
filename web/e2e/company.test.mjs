// The company face: register a company, manage positions with a quick search kept in the URL,
// and fill in the company profile.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshotOnFailure, startBrowser, startServer } from './harness.mjs';

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

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '': page }), fn);

test('register a company', () =>
  onFailure('company-register', async () => {
    await page.goto('/register');
    await page.getByLabel('Your full name').fill('Bob Tan');
    await page.getByLabel('Work e-mail').fill(`bob-${Date.now()}@example.com`);
    await page.getByLabel('Company size').fill('25');
    await page.getByLabel('Employer (company name)').fill('Acme Sdn Bhd');
    await page.getByLabel('Password').fill('company-pass-1');
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('menu-settings').waitFor();
  }));

test('positions: create, quick search in the URL', () =>
  onFailure('company-positions', async () => {
    await page.goto('/settings/company/positions');
    for (const name of ['Clerk', 'Manager']) {
      await page.getByTestId('position-create').click();
      await page.getByTestId('position-name').fill(name);
      await page.getByTestId('position-submit').click();
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }
    await page.getByTestId('positions-search').locator('input').fill('ma');
    await page.waitForURL(/q=ma/);
    await page.getByRole('cell', { name: 'Clerk', exact: true }).waitFor({ state: 'detached' });
    assert.ok(await page.getByRole('cell', { name: 'Manager', exact: true }).isVisible());
    await page.reload();
    await page.getByRole('cell', { name: 'Manager', exact: true }).waitFor();
    assert.equal(await page.getByTestId('positions-search').locator('input').inputValue(), 'ma');
  }));

test('company profile: required address fields and state', () =>
  onFailure('company-profile', async () => {
    await page.goto('/settings/company');
    await page.getByTestId('company-phone').fill('0312345678');
    await page.getByTestId('company-address1').fill('1 Jalan Ampang');
    await page.getByTestId('company-city').fill('Kuala Lumpur');
    await page.getByTestId('company-postal_code').fill('50450');
    await page.getByTestId('company-state').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByTestId('company-profile-submit').click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    assert.equal(await page.getByTestId('company-city').inputValue(), 'Kuala Lumpur');
  }));
