// Live notifications end to end: an admin's open page sees the bell count rise, without a
// reload, when a member applies for leave; the admin reads it in the bell's popover and marks
// everything read; the member, on a phone-sized screen, sees the approval in their inbox.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `bell-owner-${stamp}@company.test`, password: 'company-pass-1' };
const employee = { code: `B-${stamp % 100000}`, first: 'Siti', last: 'Bell', email: `siti-${stamp}@company.test`, password: 'employee-pass-1' };

/** A weekday-independent date some days ahead in the company's zone (its group works every day). */
function futureDate(ahead) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + ahead * 86_400_000),
  );
}

let smtp;
let server;
let ownerBrowser;
let memberBrowser;
let ownerToken;
let memberToken;
let typeId;
let applicationId;
let employeeId;
let groupId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
});

after(async () => {
  await memberBrowser?.close();
  await ownerBrowser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-owner': ownerBrowser?.page, '-member': memberBrowser?.page }), fn);

const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

async function bellCount(p) {
  return Number(await p.getByTestId('notification-bell').getAttribute('data-unread'));
}

/**
 * Waits for the bell to show a count. The live rise is timed and logged by the caller; the
 * timeout only bounds a slow machine. On a timeout the error says what the bell showed, so a
 * CI log alone tells a missing bell from a wrong count.
 */
async function waitForBell(p, want, timeout = 15_000) {
  try {
    await p.waitForFunction((n) => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === String(n), want, { timeout });
  } catch (err) {
    const seen = await p
      .evaluate(() => {
        const bells = [...document.querySelectorAll('[data-testid="notification-bell"]')];
        return { url: location.href, bells: bells.map((b) => b.getAttribute('data-unread')), title: document.title };
      })
      .catch((e) => ({ error: String(e) }));
    throw new Error(`the bell did not show ${want} within ${timeout} ms; the page showed ${JSON.stringify(seen)}`, { cause: err });
  }
}

test('set-up through the API: a company, an employee with an account, a leave type and an entitlement', () =>
  onFailure('bell-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Bell Owner', email: owner.email, company_size: '25', employer: `Loceng ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    const created = await call('POST', '/api/employee/record/register', { code: employee.code, first_name: employee.first, last_name: employee.last, email: employee.email });
    assert.equal(created.status, 201, created.text);
    employeeId = created.body.data.id;
    const group = await call('POST', '/api/group/record/register', { name: `Every day ${stamp % 1000}`, time_in: '08:00', cut_off_time_in: '09:00', time_out: '17:00', cut_off_time_out: '18:00' });
    assert.equal(group.status, 201, group.text);
    const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
    groupId = group.body.data.id;
    assert.ok((await call('POST', '/api/group/schedule', { id: group.body.data.id, days })).status < 300);
    assert.ok((await call('POST', '/api/group/employees', { group_id: group.body.data.id, employees: [employeeId] })).status < 300);
    const type = await call('POST', '/api/company/leave', { type: `Annual ${stamp % 1000}`, unit: 'day', day_count: 14 });
    assert.equal(type.status, 201, type.text);
    typeId = type.body.data.id;
    const ent = await call('POST', '/api/company/leave/employee/entitlement', { employee_id: employeeId, leave_type_id: typeId, entitled: 14 });
    assert.ok(ent.status < 300, ent.text);

    const mail = await smtp.waitFor(employee.email, (m) => /verification code is/i.test(m.data));
    const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
    assert.ok(m, `no code in the e-mail:\n${mail.data}`);
    const verified = await call('POST', '/api/auth/verification/register/employee', {
      verification_code: `${m[1]}${m[2]}`, password: employee.password, password_confirmation: employee.password,
    }, null);
    assert.equal(verified.status, 201, verified.text);
    memberToken = verified.body.data.access_token;
  }));

test("a member applies for leave; the admin's open page sees the bell count rise without a reload", () =>
  onFailure('bell-live', async () => {
    ownerBrowser = await startBrowser(server.baseURL);
    const page = ownerBrowser.page;
    await signIn(page, owner.email, owner.password);
    await waitForBell(page, 0);
    await page.getByTestId('dashboard-waiting').waitFor();
    assert.equal((await page.getByTestId('waiting-leave-count').textContent()).trim(), '0');
    // Leave the page open; nothing reloads it from here on.
    const navigations = [];
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });

    const applied = await call('POST', '/api/school/personal/leave/application', { leave_type_id: typeId, from_date: futureDate(3), reason: 'Family' }, memberToken);
    assert.equal(applied.status, 201, applied.text);
    applicationId = applied.body.data.id;
    const start = Date.now();
    await waitForBell(page, 1, 5000);
    console.log(`bell rose after ${Date.now() - start} ms`);
    assert.deepEqual(navigations, [], 'the page reloaded');
    assert.match(await page.getByTestId('notification-bell').getAttribute('aria-label'), /1/);
    // The dashboard's "waiting for you" count follows, also without a reload.
    await page.waitForFunction(() => document.querySelector('[data-testid="waiting-leave-count"]')?.textContent.trim() === '1');

    // The popover lists it, in words built from its kind and params.
    await page.getByTestId('notification-bell').click();
    const item = page.getByTestId('notification-item').first();
    await item.waitFor();
    assert.match(await item.textContent(), new RegExp(`${employee.first} ${employee.last} applied for leave`));
    assert.equal(await item.getAttribute('data-read'), 'false');
    await page.getByTestId('notification-read-all').click();
    await waitForBell(page, 0);
    assert.equal(await bellCount(page), 0);
  }));

test('the member, on a phone, sees the approval in the inbox page with its preferences', () =>
  onFailure('bell-member', async () => {
    memberBrowser = await startBrowser(server.baseURL);
    const mp = memberBrowser.page;
    await mp.setViewportSize({ width: 390, height: 844 });
    await signIn(mp, employee.email, employee.password);
    await waitForBell(mp, 0);
    const approved = await call('POST', '/api/company/leave/application/approve', { id: applicationId });
    assert.equal(approved.status, 200, approved.text);
    await waitForBell(mp, 1);
    await mp.getByTestId('notification-bell').click();
    await mp.waitForURL('**/personal/notifications');
    const item = mp.getByTestId('notification-item').first();
    assert.match(await item.textContent(), /Your leave application .* was approved by Bell Owner/);
    await mp.getByTestId('notification-preferences').getByText('My application rejected').waitFor();
    const width = await mp.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
    await item.getByTestId('notification-read').click();
    await waitForBell(mp, 0);
  }));

test('the team calendar shows the approved leave, on a wide screen and as a list on a phone, and prints without the menus', () =>
  onFailure('bell-calendar', async () => {
    const date = futureDate(3);
    const page = ownerBrowser.page;
    await page.goto(`/calendar?date=${date}`);
    const day = page.getByTestId(`calendar-day-${date}`);
    await day.getByTestId('calendar-entry').first().waitFor();
    assert.match(await day.textContent(), new RegExp(`${employee.first} ${employee.last}`));
    assert.equal(await day.getByTestId('calendar-entry').first().getAttribute('data-status'), 'approved');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.app-header').isVisible(), false, 'the header prints');
    assert.equal(await page.getByTestId('calendar-print').isVisible(), false, 'the print button prints');
    assert.equal(await day.isVisible(), true);
    await page.emulateMedia({ media: 'screen' });

    const mp = memberBrowser.page;
    await mp.goto(`/calendar?date=${date}`);
    await mp.getByTestId('calendar-list').waitFor();
    assert.match(await mp.getByTestId(`calendar-day-${date}`).textContent(), new RegExp(employee.first));
    const width = await mp.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the calendar is ${width} px wide at 390 px`);
  }));

test("a department's absence warning: set on the department, shown on a member's apply form", () =>
  onFailure('bell-department', async () => {
    const page = ownerBrowser.page;
    const deptName = `Kitchen ${stamp % 1000}`;
    await page.goto('/company/department/list');
    await page.getByTestId('department-create').click();
    await page.getByTestId('department-name').fill(deptName);
    await page.getByTestId('department-absence-warning').fill('1');
    await page.getByTestId('department-submit').click();
    await page.getByText(deptName, { exact: true }).waitFor();
    const depts = await call('GET', '/api/department/record');
    const dept = depts.body.data.find((d) => d.name === deptName);
    assert.equal(dept?.absence_warning, 1, depts.text);

    // The member and a colleague in it; the colleague is off on a date.
    const moved = await call('POST', '/api/employee/detail/general', { employee_id: employeeId, code: employee.code, first_name: employee.first, last_name: employee.last, email: employee.email, department_id: dept.id });
    assert.ok(moved.status < 300, moved.text);
    const mate = await call('POST', '/api/employee/record/register', { code: `M-${stamp % 100000}`, first_name: 'Rahim', last_name: 'Mate', department_id: dept.id });
    assert.equal(mate.status, 201, mate.text);
    assert.ok((await call('POST', '/api/group/employees', { group_id: groupId, employees: [mate.body.data.id] })).status < 300);
    const unpaid = await call('POST', '/api/company/leave', { type: `Unpaid ${stamp % 1000}`, allow_negative: true });
    assert.equal(unpaid.status, 201, unpaid.text);
    const date = futureDate(5);
    const assigned = await call('POST', '/api/company/leave/assignment', { employee_id: mate.body.data.id, leave_type_id: unpaid.body.data.id, from_date: date });
    assert.equal(assigned.status, 201, assigned.text);

    const mp = memberBrowser.page;
    await mp.goto('/personal/leave/application');
    await mp.getByTestId('leave-apply-open').click();
    const from = mp.getByTestId('leave-apply-from');
    const input = (await from.evaluate((e) => e.tagName)) === 'INPUT' ? from : from.locator('input');
    await input.click();
    await input.fill(date);
    await input.press('Tab');
    const warning = mp.getByTestId('leave-apply-department-warning');
    await warning.waitFor();
    assert.match(await warning.textContent(), /Rahim Mate/);
  }));
