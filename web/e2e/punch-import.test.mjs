// Offline logs (issue 14) end to end: a company with one employee in an everyday group and a
// terminal (API); the owner opens Import punches on the devices screen, picks "USB log", the
// terminal and an attlog.dat file holding a punch of the employee now (twice: the second line
// is a duplicate), previews it (counts and rows), imports it, and sees the employee present
// on the daily screen. The company lives in a zone where it is about noon, the group starts at
// 13:00, so the punch is on time whatever the machine's clock.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, noonZone, screenshotOnFailure, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `hr-usb-${stamp}@company.test`, password: 'company-pass-1' };
const person = { code: `U${stamp % 100000}`, first: 'Siti', last: 'Cakera' };
const SN = 'USB0001';
const deviceName = 'Back door';
const timezone = noonZone();

function localNow(zone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

let server;
let browser;
let page;
let token;

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

async function apiPost(path, body) {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

test('a company, an employee in an everyday group and a terminal (API); sign in', () =>
  onFailure('punch-import-setup', async () => {
    const res = await apiPost('/api/auth/register', {
      name: 'Usha HR', email: owner.email, company_size: '12', employer: 'Cakera Sdn Bhd', password: owner.password, timezone, terms: true,
    });
    assert.equal(res.status, 201, res.text);
    token = res.body.data.access_token;
    const p = await apiPost('/api/employee/record/register', { code: person.code, first_name: person.first, last_name: person.last });
    assert.equal(p.status, 201, p.text);
    const g = await apiPost('/api/group/record/register', {
      name: `Everyday ${stamp % 10000}`, time_in: '13:00', cut_off_time_in: '14:00', time_out: '17:00', cut_off_time_out: '23:00',
    });
    assert.equal(g.status, 201, g.text);
    const s = await apiPost('/api/group/schedule', { id: g.body.data.id, days: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 })) });
    assert.ok(s.status === 200 || s.status === 201, s.text);
    const m = await apiPost('/api/group/employees', { group_id: g.body.data.id, employees: [p.body.data.id] });
    assert.ok(m.status === 200 || m.status === 201, m.text);
    const d = await apiPost('/api/device/facial/register', { name: deviceName, model: 'MB460', code: SN });
    assert.equal(d.status, 201, d.text);

    await page.goto('/login');
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('menu-company-device').waitFor();
  }));

test('preview and import the USB attlog.dat, then the employee is present', () =>
  onFailure('punch-import-run', async () => {
    await page.getByTestId('menu-company-device').click();
    await page.getByTestId('menu-device-facial').click();
    await page.waitForURL('**/device/facial');
    const line = `${person.code}\t${localNow(timezone)}\t0\t1\t0\t0\t0`;
    const file = `\uFEFF${line}\r\n${line}\r\n`;
    const preview = async () => {
      await page.getByTestId('punch-import-open').click();
      await page.getByTestId('punch-import-format-attlog').waitFor();
      await page.getByTestId('punch-import-device').click();
      await page.locator('.ant-select-item-option', { hasText: deviceName }).click();
      await page.locator('.ant-modal:visible input[type=file]').setInputFiles({ name: `${SN}_attlog.dat`, mimeType: 'text/plain', buffer: Buffer.from(file) });
      await page.getByTestId('punch-import-preview').click();
      await page.getByTestId('punch-import-counts').filter({ hasText: '2 rows: 1 new, 1 already stored, 0 with errors' }).waitFor();
      const table = page.getByTestId('punch-import-table');
      await table.getByText(`${person.first} ${person.last}`).first().waitFor();
      assert.deepEqual(await table.getByTestId('punch-import-status').allTextContents(), ['New', 'Already stored']);
      // The modal with its preview passes axe.
      assert.deepEqual(await axeViolations(page), []);
    };
    await preview();
    // At 390 px too, with nothing scrolling sideways; the preview stored nothing.
    await page.locator('.ant-modal-close:visible').click();
    await page.getByTestId('punch-import-preview').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 844 });
    await preview();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways page scroll at 390 px');
    await page.getByTestId('punch-import-submit').click();
    await page.getByTestId('punch-import-result').filter({ hasText: '1 punch stored' }).waitFor();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/company/employee/attendance/daily');
    const daily = page.getByTestId('daily-table').locator('tr', { hasText: person.code });
    await daily.getByTestId('status-present').waitFor();
  }));
