// Payroll export end to end (issue 15): the owner saves a column mapping on the payroll tab
// of the attendance reports (renaming a column, moving one with the keyboard, hiding one,
// making it the default), downloads the month's CSV with it and finds the mapping's header
// row; the xlsx follows the same mapping; the screen fits a 390 px phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { apiCall, artifactsDir, axeViolations, choose, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `payroll-owner-${stamp}@company.test`, password: 'company-pass-1' };
const code = `PY-${stamp % 100000}`;

let server;
let browser;
let page;
let ownerToken;

before(async () => {
  server = await startServer();
  browser = await startBrowser(server.baseURL);
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '': browser?.page }), fn);
const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);


async function download(name) {
  const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('payroll-download').click()]);
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, name);
  await dl.saveAs(path);
  return { name: dl.suggestedFilename(), bytes: readFileSync(path) };
}

test('set-up through the API: a company with an employee', () =>
  onFailure('payroll-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Nadia Owner', email: owner.email, company_size: '25', employer: `Gaji Bulanan ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    const created = await call('POST', '/api/employee/record/register', { code, first_name: 'Hafiz', last_name: 'Gaji' });
    assert.equal(created.status, 201, created.text);
  }));

test('the owner saves a mapping: renamed, moved by keyboard, a column hidden, the default', () =>
  onFailure('payroll-mapping', async () => {
    await signIn(page, owner.email, owner.password);
    await page.goto('/company/employee/attendance/payroll');
    await page.getByTestId('payroll-new-mapping').click();
    await page.getByTestId('payroll-mapping-name').fill('Payroll system');
    await page.getByTestId('payroll-header-code').fill('Staff No');
    // Move "Name" above "Code" with the keyboard: focus its up button and press Enter.
    await page.getByTestId('payroll-up-name').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('payroll-show-scheduled_days').click();
    await page.getByTestId('payroll-mapping-default').click();
    await page.getByTestId('payroll-mapping-save').click();
    await page.locator('.ant-message', { hasText: 'Mapping saved' }).waitFor();
    const list = await call('GET', '/api/payroll/mappings');
    assert.equal(list.status, 200, list.text);
    const saved = list.body.data.mappings;
    assert.equal(saved.length, 1);
    assert.equal(saved[0].is_default, true);
    assert.deepEqual(saved[0].columns.slice(0, 3).map((c) => c.header), ['Name', 'Staff No', 'Days present']);
  }));

test('the CSV and the xlsx follow the saved mapping', () =>
  onFailure('payroll-download', async () => {
    await page.reload();
    await settled(page);
    await choose(page, 'payroll-mapping', 'Payroll system');
    await page.getByTestId('payroll-format').getByText('CSV').click();
    const csv = await download('payroll.csv');
    assert.match(csv.name, /^Payroll \d{4}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    assert.ok(text.startsWith('\uFEFF'), 'the CSV starts with a byte order mark');
    const [header, ...rows] = text.slice(1).split('\r\n');
    const cells = header.split(',');
    assert.deepEqual(cells.slice(0, 3), ['Name', 'Staff No', 'Days present']);
    assert.ok(!cells.includes('Scheduled days'), 'the hidden column is dropped');
    assert.ok(rows.some((r) => r.startsWith(`Hafiz Gaji,${code},`)), `a row for the employee: ${rows.join(' | ')}`);

    await page.getByTestId('payroll-format').getByText('Excel (xlsx)').click();
    const xlsx = await download('payroll.xlsx');
    assert.match(xlsx.name, /\.xlsx$/);
    const files = unzipSync(new Uint8Array(xlsx.bytes));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    const first = sheet.indexOf('>Name<');
    assert.ok(first > 0 && first < sheet.indexOf('>Staff No<') && sheet.indexOf('>Staff No<') < sheet.indexOf('>Days present<'), 'the xlsx header follows the mapping');
    assert.ok(!sheet.includes('>Scheduled days<'), 'the xlsx drops the hidden column');
  }));

test('the payroll screen with its editor open has no WCAG 2.1 AA violation', () =>
  onFailure('payroll-axe', async () => {
    await choose(page, 'payroll-edit-mapping', 'Payroll system');
    await page.getByTestId('payroll-mapping-name').waitFor();
    const found = await axeViolations(page);
    assert.deepEqual(found, [], found.join('\n'));
  }));

test('the payroll screen fits a 390 px phone', () =>
  onFailure('payroll-phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await settled(page);
    await page.getByTestId('payroll-download').waitFor();
    await choose(page, 'payroll-edit-mapping', 'Payroll system');
    await page.getByTestId('payroll-up-code').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow} px wider than the phone`);
    await page.screenshot({ path: join(artifactsDir, 'payroll-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await settled(page);
    await choose(page, 'payroll-edit-mapping', 'Payroll system');
    await page.getByTestId('payroll-up-code').waitFor();
    await page.screenshot({ path: join(artifactsDir, 'payroll-1440.png'), fullPage: true });
  }));
