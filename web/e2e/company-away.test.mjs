// Company away end to end: the owner creates an away type and gives an employee an
// entitlement on the company's Away screens; the employee (own browser) applies for away in
// the Personal area; the owner approves it on the company's away approval list; the employee
// sees it approved and the balance lowered. Then a 2-hour errand (an hourly away type, a
// time range of one day, issue 13) leaves the employee's day present with 2 h away.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `away-owner-${stamp}@company.test`, password: 'company-pass-1' };
const employee = { code: `A-${stamp % 100000}`, first: 'Aminah', last: 'Rashid', email: `aminah-${stamp}@company.test`, password: 'employee-pass-1' };
const employeeName = `${employee.first} ${employee.last}`;
const typeName = `Site visit ${stamp % 10000}`;
const ENTITLED = 6;

/** A date some days ahead in the company's time zone (kept inside this calendar year). */
function futureDate() {
  const fmt = (d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const today = fmt(new Date());
  for (const ahead of [5, 2, 1]) {
    const d = fmt(new Date(Date.now() + ahead * 86_400_000));
    if (d.slice(0, 4) === today.slice(0, 4)) return d;
  }
  return fmt(new Date(Date.now() + 86_400_000));
}
const awayDate = futureDate();

let smtp;
let server;
let ownerBrowser;
let employeeBrowser;
let page;
let ownerToken;
let employeeId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  ownerBrowser = await startBrowser(server.baseURL);
  page = ownerBrowser.page;
});

after(async () => {
  await employeeBrowser?.close();
  await ownerBrowser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-owner': ownerBrowser?.page, '-employee': employeeBrowser?.page }), fn);

const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);


async function typeDate(p, testId, date) {
  const el = p.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

test('set-up through the API: a company, an every-day group, an employee with an account', () =>
  onFailure('away-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Farid Owner', email: owner.email, company_size: '25', employer: `Jalan Jauh ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;

    const created = await call('POST', '/api/employee/record/register', { code: employee.code, first_name: employee.first, last_name: employee.last, email: employee.email });
    assert.equal(created.status, 201, created.text);
    employeeId = created.body.data.id;

    const group = await call('POST', '/api/group/record/register', { name: `Every day ${stamp % 1000}`, time_in: '08:00', cut_off_time_in: '09:00', time_out: '17:00', cut_off_time_out: '18:00' });
    assert.equal(group.status, 201, group.text);
    const groupId = group.body.data.id;
    const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
    const schedule = await call('POST', '/api/group/schedule', { id: groupId, days });
    assert.ok(schedule.status < 300, schedule.text);
    const members = await call('POST', '/api/group/employees', { group_id: groupId, employees: [employeeId] });
    assert.ok(members.status < 300, members.text);

    const mail = await smtp.waitFor(employee.email, (m) => /verification code is/i.test(m.data));
    const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
    assert.ok(m, `no code in the e-mail:\n${mail.data}`);
    const verified = await call('POST', '/api/auth/verification/register/employee', {
      verification_code: `${m[1]}${m[2]}`, password: employee.password, password_confirmation: employee.password,
    }, null);
    assert.equal(verified.status, 201, verified.text);
  }));

test('the owner creates an away type and an entitlement on the company Away screens', () =>
  onFailure('away-owner-setup', async () => {
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('menu-company-away').click();
    await page.getByTestId('menu-company-away-details').click();
    await page.waitForURL('**/company/away/details');
    await page.getByTestId('leave-type-create').click();
    await page.getByTestId('leave-type-name').fill(typeName);
    await page.getByTestId('leave-type-day-count').fill('10');
    await page.getByTestId('leave-type-submit').click();
    await page.getByTestId('leave-types-table').getByText(typeName, { exact: true }).waitFor();

    // The away type is not a leave type.
    const leaveTypes = await call('GET', '/api/company/leave');
    assert.ok(!leaveTypes.text.includes(typeName), leaveTypes.text);

    await page.goto(`/company/away/entitlement/employee?employee_id=${employeeId}`);
    await page.getByTestId('entitlement-create').click();
    await choose(page, 'entitlement-type', typeName);
    await page.getByTestId('entitlement-entitled').fill(String(ENTITLED));
    await page.getByTestId('entitlement-submit').click();
    const row = page.getByTestId('entitlement-table').locator('tr', { hasText: typeName });
    await row.waitFor();
    assert.equal((await row.getByTestId('leave-balance').textContent()).trim(), String(ENTITLED));
  }));

test('the employee applies for away in the personal area', () =>
  onFailure('away-apply', async () => {
    employeeBrowser = await startBrowser(server.baseURL);
    const ep = employeeBrowser.page;
    await signIn(ep, employee.email, employee.password);
    await ep.getByTestId('menu-personal').click();
    await ep.getByTestId('menu-personal-away').click();
    await ep.waitForURL('**/personal/away/entitlement');
    await ep.getByTestId('entitlement-table').getByText(typeName).waitFor();
    await ep.getByTestId('personal-tab-application').click();
    await ep.waitForURL('**/personal/away/application');
    await ep.getByTestId('leave-apply-open').click();
    await choose(ep, 'leave-apply-type', typeName);
    await typeDate(ep, 'leave-apply-from', awayDate);
    await ep.getByTestId('leave-apply-reason').fill('Client site visit');
    await ep.getByTestId('leave-apply-submit').click();
    await ep.getByTestId('my-applications-table').locator('tr', { hasText: awayDate }).getByTestId('leave-status-pending').waitFor();
  }));

test('the owner approves it on the company away approval list', () =>
  onFailure('away-approve', async () => {
    await page.getByTestId('menu-company-away-application').click();
    await page.waitForURL('**/company/away/application**');
    await page.goto('/company/away/application?status=pending');
    const row = page.getByTestId('applications-table').locator('tr', { hasText: employeeName });
    await row.getByTestId('leave-status-pending').waitFor();
    await row.locator('[data-testid^="approve-"]').click();
    await page.getByTestId('decision-submit').click();
    await page.goto('/company/away/application?status=approved');
    await page.getByTestId('applications-table').locator('tr', { hasText: employeeName }).getByTestId('leave-status-approved').waitFor();

    // The company's leave approval list does not show it.
    const leaveApps = await call('GET', '/api/company/leave/application');
    assert.equal(leaveApps.body.data.length, 0, leaveApps.text);

    await page.goto('/company/away/statistics');
    await page.waitForFunction(() => document.querySelector('[data-testid="leave-stat-approved"]')?.textContent.includes('1'));
  }));

test('the employee sees the away approved and the balance lowered', () =>
  onFailure('away-balance', async () => {
    const ep = employeeBrowser.page;
    await ep.goto('/personal/away/application');
    await ep.getByTestId('my-applications-table').locator('tr', { hasText: awayDate }).getByTestId('leave-status-approved').waitFor();
    await ep.goto('/personal/away/entitlement');
    await ep.waitForFunction(
      ([name, want]) =>
        [...document.querySelectorAll('[data-testid="entitlement-table"] tr')].some(
          (tr) => tr.textContent.includes(name) && tr.querySelector('[data-testid="leave-balance"]')?.textContent.trim() === want,
        ),
      [typeName, String(ENTITLED - 1)],
    );
  }));

test('the employee who opens an admin URL sees the no-access page there, not the dashboard', () =>
  onFailure('away-no-access', async () => {
    const ep = employeeBrowser.page;
    await ep.goto('/company/away/application');
    await ep.getByTestId('no-access-title').getByText('No access').waitFor();
    assert.ok(new URL(ep.url()).pathname === '/company/away/application', ep.url());
    await ep.getByTestId('no-access-back').click();
    await ep.waitForURL('**/dashboard');
  }));

test('a 2-hour errand leaves the day present with 2 h away', () =>
  onFailure('away-partial-day', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    // A group whose window spans the whole day, so a punch just made decides today at any hour.
    const group = await call('POST', '/api/group/record/register', { name: `All day ${stamp % 1000}`, time_in: '00:00', cut_off_time_in: '23:57', time_out: '23:58', cut_off_time_out: '23:59' });
    assert.equal(group.status, 201, group.text);
    const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
    assert.ok((await call('POST', '/api/group/schedule', { id: group.body.data.id, days })).status < 300);
    const moved = await call('POST', '/api/group/employees', { group_id: group.body.data.id, employees: [employeeId] });
    assert.ok(moved.status < 300, moved.text);
    const errand = await call('POST', '/api/company/away', { type: `Errand ${stamp % 10000}`, unit: 'hour', day_count: 8 });
    assert.equal(errand.status, 201, errand.text);
    const ent = await call('POST', '/api/company/away/employee/entitlement', { employee_id: employeeId, leave_type_id: errand.body.data.id, entitled: 8 });
    assert.ok(ent.status < 300, ent.text);
    // A punch a minute ago (the organisation's zone), through the CSV import.
    const hm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuala_Lumpur', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() - 60_000));
    const form = new FormData();
    form.append('format', 'csv');
    form.append('file', new Blob([`code,time\n${employee.code},${today} ${hm}\n`], { type: 'text/csv' }), 'punches.csv');
    const imported = await fetch(`${server.baseURL}/api/attendance/punch-imports`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` }, body: form });
    assert.equal(imported.status, 200, await imported.text());

    const ep = employeeBrowser.page;
    await ep.goto('/personal/away/application');
    await ep.getByTestId('leave-apply-open').click();
    await choose(ep, 'leave-apply-type', `Errand ${stamp % 10000}`);
    await typeDate(ep, 'leave-apply-from', today);
    await ep.getByTestId('leave-apply-from-time').fill('20:00');
    await ep.getByTestId('leave-apply-to-time').fill('22:00');
    assert.deepEqual(await axeViolations(ep), []);
    await ep.getByTestId('leave-apply-submit').click();
    const mine = ep.getByTestId('my-applications-table').locator('tr', { hasText: '20:00–22:00' });
    await mine.getByTestId('leave-status-pending').waitFor();

    const pending = await call('GET', '/api/company/away/application?status=pending');
    const app = pending.body.data.find((a) => a.from_time === '20:00');
    assert.ok(app && app.session === 'hours' && app.amount === 2, pending.text);
    assert.equal((await call('POST', '/api/company/away/application/approve', { id: app.id })).status, 200);

    await ep.goto('/personal/attendance');
    const away = ep.getByTestId('flag-away-minutes').first();
    await away.waitFor();
    assert.equal((await away.innerText()).trim(), 'Away 2 h');
    assert.deepEqual(await axeViolations(ep), []);
    // On a phone the day's tags wrap inside the page.
    await ep.setViewportSize({ width: 390, height: 844 });
    await away.waitFor();
    assert.ok(await ep.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page scrolls sideways at 390 px');
    const day = await call('GET', `/api/school/personal/attendance/daily?date=${today}`, undefined, (await call('POST', '/api/auth/login', { email: employee.email, password: employee.password }, null)).body.data.access_token);
    assert.equal(day.body.data.status, 1, day.text);
    assert.equal(day.body.data.away_minutes, 120, day.text);
  }));
