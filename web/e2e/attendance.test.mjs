// Attendance end to end for a company: a group with a Monday–Sunday schedule made in the UI,
// two employees added to it in the UI, a time entered by hand for one of them, the statuses on
// the daily screen, the monthly grid and the dashboard, a manual status with its audit entry,
// and the monthly xlsx.
//
// The company's time zone is a fixed-offset zone chosen so that its local time is about noon
// while the test runs: times before noon are in the past and the cut-off has passed, whatever
// the wall clock of the machine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { artifactsDir, noonZone, screenshotOnFailure, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `hr-${stamp}@company.test`, password: 'company-pass-1' };
const present = { code: `P${stamp % 100000}`, first: 'Siti', last: 'Hadir' };
const absent = { code: `A${stamp % 100000}`, first: 'Ravi', last: 'Tiada' };
const groupName = `Everyday ${stamp % 10000}`;

const timezone = noonZone();

function todayIn(zone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

let server;
let browser;
let page;
let token;
let today;

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

/** Types a time into an antd TimePicker found by its form label. */
async function typeTime(scope, label, value) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

function dailyRow(name) {
  return page.getByTestId('daily-table').locator('tr', { hasText: name });
}

test('register a company in a noon time zone and sign in', () =>
  onFailure('attendance-register', async () => {
    const res = await apiPost('/api/auth/register', {
      name: 'Hana HR', email: owner.email, company_size: '12', employer: 'Hadir Test Sdn Bhd', password: owner.password, timezone, terms: true,
    });
    assert.equal(res.status, 201, res.text);
    token = res.body.data.access_token;
    today = todayIn(timezone);
    for (const p of [present, absent]) {
      const r = await apiPost('/api/employee/record/register', { code: p.code, first_name: p.first, last_name: p.last });
      assert.equal(r.status, 201, r.text);
    }
    await page.goto('/login');
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('menu-company-attendance').waitFor();
  }));

test('create a group with a Monday–Sunday schedule and add both employees', () =>
  onFailure('attendance-group', async () => {
    await page.goto('/company/employee/group');
    await page.getByTestId('group-create').click();
    const modal = page.locator('.ant-modal', { hasText: 'New group' });
    await page.getByTestId('group-name').fill(groupName);
    await typeTime(modal, 'Time in', '05:00');
    await typeTime(modal, 'Cut-off in', '07:00');
    await typeTime(modal, 'Time out', '11:00');
    await typeTime(modal, 'Cut-off out', '23:00');
    await page.getByTestId('group-submit').click();
    await page.getByTestId('groups-table').getByText(groupName).waitFor();

    await page.getByTestId('groups-table').getByText(groupName).click();
    await page.getByTestId('group-drawer').waitFor();
    await page.getByTestId('schedule-all-working').click();
    await page.getByTestId('schedule-save').click();
    await page.getByText('Saved', { exact: true }).first().waitFor();

    await page.getByTestId('group-tab-not-members').click();
    const outside = page.getByTestId('non-members-table');
    await outside.getByText(`${present.first} ${present.last}`).waitFor();
    await outside.locator('thead input[type=checkbox]').check();
    await page.getByTestId('members-add').click();
    await page.getByText('2 added to the group').waitFor();
    await page.getByTestId('group-tab-members').click();
    const inside = page.getByTestId('members-table');
    await inside.getByText(`${present.first} ${present.last}`).waitFor();
    await inside.getByText(`${absent.first} ${absent.last}`).waitFor();

    // The saved week has all seven days.
    const res = await fetch(`${server.baseURL}/api/group/record`, { headers: { Authorization: `Bearer ${token}` } });
    const group = (await res.json()).data.find((g) => g.name === groupName);
    const sched = await (await fetch(`${server.baseURL}/api/group/schedule?id=${group.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.deepEqual(sched.data.days.map((d) => [d.id, d.type]), [1, 2, 3, 4, 5, 6, 7].map((d) => [d, 1]));
    await page.keyboard.press('Escape');
  }));

test('enter a time by hand; the daily screen shows present and absent', () =>
  onFailure('attendance-daily', async () => {
    await page.goto('/company/employee/attendance/daily');
    await dailyRow(present.code).waitFor();
    await dailyRow(present.code).click();
    const drawer = page.getByTestId('clock-drawer');
    await drawer.waitFor();
    await page.getByTestId('clock-add-time').click();
    const modal = page.locator('.ant-modal', { hasText: 'Add a time' });
    await typeTime(modal, 'Time (HH:MM)', '06:30');
    await page.getByTestId('correction-remark').fill('Forgot to clock in; seen at the gate');
    await page.getByTestId('correction-submit').click();
    await drawer.getByTestId('clock-time').filter({ hasText: '06:30:00' }).waitFor();
    await drawer.getByTestId('clock-day-status').getByTestId('status-present').waitFor();
    await drawer.getByTestId('audit-reason').filter({ hasText: 'Forgot to clock in' }).waitFor();
    await page.keyboard.press('Escape');

    await dailyRow(present.code).getByTestId('status-present').waitFor();
    await dailyRow(present.code).getByTestId('flag-late').waitFor();
    await dailyRow(absent.code).getByTestId('status-absent').waitFor();
    assert.equal(await dailyRow(present.code).locator('td').nth(3).textContent(), '06:30');
    assert.equal(await page.getByTestId('total-present-count').textContent(), '1');
    assert.equal(await page.getByTestId('total-absent-count').textContent(), '1');
  }));

test('the monthly grid and the dashboard show the same day', () =>
  onFailure('attendance-monthly', async () => {
    await page.goto('/company/employee/attendance/monthly');
    const cellP = page.getByTestId(`cell-${present.code}-${today}`);
    await cellP.waitFor();
    assert.equal(await cellP.getAttribute('data-status'), '1');
    assert.equal(await cellP.textContent(), 'P+');
    // The legend under the grid explains the mark.
    assert.equal(await page.getByTestId('status-legend').getByTestId('legend-late').textContent(), 'P+ = Present, late');
    assert.equal(await page.getByTestId(`cell-${absent.code}-${today}`).getAttribute('data-status'), '2');
    assert.equal(await page.getByTestId(`row-total-${present.code}-present`).textContent(), '1');

    await page.goto('/dashboard');
    await page.getByTestId('donut-employee').waitFor();
    await page.getByTestId('headcount-employee').getByText('2').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="donut-employee-count-present"]')?.textContent === '1');
    assert.equal(await page.getByTestId('donut-employee-count-absent').textContent(), '1');
    await page.getByTestId('donut-employee-legend-absent').click();
    await page.getByTestId('dashboard-detailed').getByTestId('detailed-name').filter({ hasText: `${absent.first} ${absent.last}` }).waitFor();
    await page.keyboard.press('Escape');
  }));

test('a manual status with a reason shows on the day and in the audit log', () =>
  onFailure('attendance-manual', async () => {
    await page.goto('/company/employee/attendance/daily');
    await dailyRow(absent.code).click();
    await page.getByTestId('clock-drawer').waitFor();
    await page.getByTestId('clock-set-status').click();
    await page.getByTestId('correction-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'On leave' }).click();
    await page.getByTestId('correction-remark').fill('Medical certificate handed in');
    await page.getByTestId('correction-submit').click();
    const drawer = page.getByTestId('clock-drawer');
    await drawer.getByTestId('clock-day-status').getByTestId('status-leave').waitFor();
    await drawer.getByTestId('audit-reason').filter({ hasText: 'Medical certificate handed in' }).waitFor();
    // The day says which rule decided it: set by hand, by whom and why.
    await drawer.getByTestId('day-reason').filter({ hasText: 'Set by hand by Hana HR: Medical certificate handed in' }).waitFor();
    const change = await drawer.getByTestId('audit-change').first().textContent();
    assert.match(change, /absent/i, 'the audit keeps the old value');
    await page.keyboard.press('Escape');
    await dailyRow(absent.code).getByTestId('status-leave').waitFor();
    await dailyRow(absent.code).getByTestId('daily-manual').waitFor();
  }));

test('the monthly xlsx holds the employees', () =>
  onFailure('attendance-xlsx', async () => {
    await page.goto('/company/employee/attendance/monthly');
    await page.getByTestId(`cell-${present.code}-${today}`).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('attendance-export-xlsx').click()]);
    assert.equal(download.suggestedFilename(), 'Company Monthly Attendance.xlsx');
    mkdirSync(artifactsDir, { recursive: true });
    const path = join(artifactsDir, 'company-monthly.xlsx');
    await download.saveAs(path);
    const files = unzipSync(new Uint8Array(readFileSync(path)));
    const xml = Object.entries(files)
      .filter(([name]) => name === 'xl/sharedStrings.xml' || name.startsWith('xl/worksheets/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    assert.ok(xml.includes(present.code), 'the xlsx holds the present employee');
    assert.ok(xml.includes(absent.code), 'the xlsx holds the other employee');
  }));
