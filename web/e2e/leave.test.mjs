// Leave end to end: a school admin creates a leave type and an entitlement for a teacher in a
// Monday–Sunday group; the teacher (own browser) applies for a future working day; the admin
// approves it; the teacher sees the new balance; the day shows as leave (status 3) in the
// daily attendance screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, choose, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const admin = { email: `leave-owner-${stamp}@school.test`, password: 'school-pass-1' };
const teacher = { code: `L-${stamp % 100000}`, first: 'Siti', last: 'Hajar', email: `siti-${stamp}@school.test`, password: 'teacher-pass-1' };
const teacherName = `${teacher.first} ${teacher.last}`;
const typeName = `Annual ${stamp % 10000}`;
const ENTITLED = 10;

/** A date some days ahead in the school's time zone (kept inside this calendar year). */
function futureDate() {
  const fmt = (d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const today = fmt(new Date());
  for (const ahead of [5, 2, 1]) {
    const d = fmt(new Date(Date.now() + ahead * 86_400_000));
    if (d.slice(0, 4) === today.slice(0, 4)) return d;
  }
  return fmt(new Date(Date.now() + 86_400_000));
}
const leaveDate = futureDate();

let smtp;
let server;
let adminBrowser;
let teacherBrowser;
let page;
let adminToken;
let teacherId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  adminBrowser = await startBrowser(server.baseURL);
  page = adminBrowser.page;
});

after(async () => {
  await teacherBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-admin': adminBrowser?.page, '-teacher': teacherBrowser?.page }), fn);

const call = (method, path, body, token = adminToken) => apiCall(server.baseURL, method, path, body, token);


/** Types a date into an antd DatePicker. */
async function typeDate(p, testId, date) {
  const el = p.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

test('set-up through the API: a school, a Monday–Sunday group, a teacher with an account', () =>
  onFailure('leave-setup', async () => {
    const reg = await call('POST', '/api/school/register', {
      name: 'SK Cuti Ceria', code: `SKCC${stamp % 10000}`, email: `office-leave-${stamp}@school.test`, contact_number: '0312345678',
      timezone: 'Asia/Kuala_Lumpur', admin_name: 'Rahimah Owner', admin_email: admin.email, password: admin.password, terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    const login = await call('POST', '/api/auth/login', { email: admin.email, password: admin.password }, null);
    assert.equal(login.status, 200, login.text);
    adminToken = login.body.data?.access_token ?? login.body.access_token;
    assert.ok(adminToken, login.text);

    const created = await call('POST', '/api/school/employee/teacher', { code: teacher.code, first_name: teacher.first, last_name: teacher.last, email: teacher.email });
    assert.equal(created.status, 201, created.text);
    teacherId = created.body.data.id;

    const group = await call('POST', '/api/school/group/management', {
      name: `Every day ${stamp % 1000}`, type: 'teacher', time_in: '08:00', cut_off_time_in: '09:00', time_out: '17:00', cut_off_time_out: '18:00',
    });
    assert.equal(group.status, 201, group.text);
    const groupId = group.body.data.id;
    const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
    const schedule = await call('POST', '/api/school/group/schedule', { id: groupId, days });
    assert.ok(schedule.status < 300, schedule.text);
    const members = await call('POST', '/api/school/group/employees', { id: groupId, school_employee: [teacherId] });
    assert.ok(members.status < 300, members.text);

    const mail = await smtp.waitFor(teacher.email, (m) => /verification code is/i.test(m.data));
    const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
    assert.ok(m, `no code in the e-mail:\n${mail.data}`);
    const verified = await call('POST', '/api/auth/verification/register/employee', {
      verification_code: `${m[1]}${m[2]}`, password: teacher.password, password_confirmation: teacher.password,
    }, null);
    assert.equal(verified.status, 201, verified.text);
  }));

test('the admin creates a leave type and an entitlement for the teacher', () =>
  onFailure('leave-admin-setup', async () => {
    await signIn(page, admin.email, admin.password);
    await page.getByTestId('menu-management').click();
    await page.getByTestId('menu-management-leave').click();
    await page.getByTestId('menu-leave-detail').click();
    await page.waitForURL('**/school/leave/detail');
    await page.getByTestId('leave-type-create').click();
    await page.getByTestId('leave-type-name').fill(typeName);
    await page.getByTestId('leave-type-day-count').fill('14');
    await page.getByTestId('leave-type-submit').click();
    await page.getByTestId('leave-types-table').getByText(typeName, { exact: true }).waitFor();

    await page.goto(`/school/leave/entitlement/teacher?id=${teacherId}`);
    await page.getByTestId('entitlement-create').click();
    await choose(page, 'entitlement-type', typeName);
    await page.getByTestId('entitlement-entitled').fill(String(ENTITLED));
    await page.getByTestId('entitlement-submit').click();
    const row = page.getByTestId('entitlement-table').locator('tr', { hasText: typeName });
    await row.waitFor();
    assert.equal((await row.getByTestId('leave-balance').textContent()).trim(), String(ENTITLED));
  }));

test('the teacher applies for a future working day in the personal area', () =>
  onFailure('leave-apply', async () => {
    teacherBrowser = await startBrowser(server.baseURL);
    const tp = teacherBrowser.page;
    await signIn(tp, teacher.email, teacher.password);
    await tp.getByTestId('menu-personal').click();
    await tp.getByTestId('menu-personal-leave').click();
    await tp.waitForURL('**/personal/leave/entitlement');
    await tp.getByTestId('entitlement-table').getByText(typeName).waitFor();
    await tp.getByTestId('personal-tab-application').click();
    await tp.waitForURL('**/personal/leave/application');
    await tp.getByTestId('leave-apply-open').click();
    await choose(tp, 'leave-apply-type', typeName);
    await typeDate(tp, 'leave-apply-from', leaveDate);
    await tp.getByTestId('leave-apply-reason').fill('Family matter');
    await tp.getByTestId('leave-apply-submit').click();
    const row = tp.getByTestId('my-applications-table').locator('tr', { hasText: leaveDate });
    await row.getByTestId('leave-status-pending').waitFor();
    await tp.getByTestId('leave-apply-form').waitFor({ state: 'detached' });

    // The same day again is refused as an overlap, translated.
    await tp.getByTestId('leave-apply-open').click();
    await choose(tp, 'leave-apply-type', typeName);
    await typeDate(tp, 'leave-apply-from', leaveDate);
    await tp.getByTestId('leave-apply-submit').click();
    await tp.getByTestId('leave-apply-error').getByText('The dates overlap another pending or approved application.').waitFor();
    await tp.keyboard.press('Escape');
  }));

test('the admin approves the application', () =>
  onFailure('leave-approve', async () => {
    // The approval list opens on "Pending", with a count per status.
    await page.goto('/school/leave/application/teacher');
    await page.locator('.ant-segmented-item-selected [data-testid="status-segment-pending"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="status-count-pending"]')?.textContent) >= 1);
    const row = page.getByTestId('applications-table').locator('tr', { hasText: teacherName });
    await row.getByTestId('leave-status-pending').waitFor();
    await row.locator('[data-testid^="approve-"]').click();
    await page.getByTestId('decision-submit').click();
    await page.goto('/school/leave/application/teacher?status=approved');
    await page.getByTestId('applications-table').locator('tr', { hasText: teacherName }).getByTestId('leave-status-approved').waitFor();
  }));

test('the teacher sees the new balance', () =>
  onFailure('leave-balance', async () => {
    const tp = teacherBrowser.page;
    await tp.goto('/personal/leave/entitlement');
    const row = tp.getByTestId('entitlement-table').locator('tr', { hasText: typeName });
    await row.waitFor();
    await tp.waitForFunction(
      ([name, want]) =>
        [...document.querySelectorAll('[data-testid="entitlement-table"] tr')].some(
          (tr) => tr.textContent.includes(name) && tr.querySelector('[data-testid="leave-balance"]')?.textContent.trim() === want,
        ),
      [typeName, String(ENTITLED - 1)],
    );
    await tp.goto('/personal/leave/application');
    await tp.getByTestId('my-applications-table').locator('tr', { hasText: leaveDate }).getByTestId('leave-status-approved').waitFor();
  }));

test('the leave day shows as leave (status 3) in the daily attendance', () =>
  onFailure('leave-attendance', async () => {
    const api = await call('GET', `/api/school/attendance/teacher?date=${leaveDate}`);
    assert.equal(api.status, 200, api.text);
    const mine = api.body.data.find((r) => r.id === teacherId || r.code === teacher.code);
    assert.ok(mine, api.text);
    assert.equal(mine.status, 3, JSON.stringify(mine));

    await page.goto(`/school/management/attendance/teacher/daily?date=${leaveDate}`);
    const row = page.getByTestId('daily-table').locator('tr', { hasText: teacherName });
    await row.getByTestId('status-leave').waitFor();
  }));
