// Device profiles in the UI (issue 14): a device registered with the black-and-white 6.60
// preset takes numeric codes of up to 9 digits only. Enrolling someone with letters in their
// code is refused before anything is queued, with a line naming the person and the reason;
// the one who fits is then enrolled.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, startServer, screenshotOnFailure } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `hr-prof-${stamp}@company.test`, password: 'company-pass-1' };
const letters = { code: `A${stamp % 100000}`, first: 'Aminah', last: 'Huruf' };
const digits = { code: `9${String(stamp % 100000).padStart(5, '0')}`, first: 'Bala', last: 'Angka' };
const deviceName = 'Old gate';

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

async function apiPost(path, body, token) {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

test('a B&W 6.60 device refuses a code with letters, naming the person, and takes a numeric one', () =>
  onFailure('device-profile', async () => {
    const res = await apiPost('/api/auth/register', {
      name: 'Dina HR', email: owner.email, company_size: '12', employer: 'Profil Sdn Bhd', password: owner.password, timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(res.status, 201, res.text);
    const token = res.body.data.access_token;
    for (const p of [letters, digits]) {
      const r = await apiPost('/api/employee/record/register', { code: p.code, first_name: p.first, last_name: p.last }, token);
      assert.equal(r.status, 201, r.text);
    }

    await page.goto('/login');
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('menu-company-device').click();
    await page.getByTestId('menu-device-facial').click();
    await page.waitForURL('**/device/facial');

    // Register the device with the B&W 6.60 preset.
    await page.getByTestId('device-create').click();
    await page.getByTestId('device-name').fill(deviceName);
    await page.getByTestId('device-code').fill('BWE2E001');
    await page.waitForFunction(() => document.querySelector('[data-testid="device-code"]')?.getAttribute('data-availability') === 'available');
    await page.getByTestId('device-profile').click();
    await page.locator('.ant-select-item-option', { hasText: 'Black-and-white 6.60' }).click();
    await page.getByTestId('device-submit').click();
    await page.getByTestId('devices-table').getByText(deviceName).click();

    // Both selected: refused, the person with letters named with the reason, nobody enrolled.
    await page.getByTestId('tab-employee-not-enrolled').click();
    const outside = page.getByTestId('employee-not-enrolled-table');
    await outside.getByText(`${letters.first} ${letters.last}`).waitFor();
    await outside.getByText(`${digits.first} ${digits.last}`).waitFor();
    await outside.locator('thead input[type=checkbox]').check();
    await page.getByTestId('employee-not-enrolled-apply').click();
    const alert = page.getByTestId('enrol-misfits');
    await alert.getByText('Nobody was enrolled: some people do not fit this device.').waitFor();
    await alert.getByText(`${letters.first} ${letters.last} (${letters.code}): this device takes codes of digits only.`).waitFor();
    assert.equal(await alert.getByText(digits.code).count(), 0);
    await outside.getByText(`${digits.first} ${digits.last}`).waitFor();

    // Only the one who fits: enrolled.
    await outside.locator('thead input[type=checkbox]').uncheck();
    await outside.locator('tr', { hasText: digits.first }).locator('input[type=checkbox]').check();
    await page.getByTestId('employee-not-enrolled-apply').click();
    await page.getByText('1 enrolled on the device').waitFor();
    await page.getByTestId('tab-employee-enrolled').click();
    await page.getByTestId('employee-enrolled-table').getByText(`${digits.first} ${digits.last}`).waitFor();
    assert.equal(await page.getByTestId('employee-enrolled-table').getByText(letters.first).count(), 0);
  }));
