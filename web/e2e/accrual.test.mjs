// Leave policies end to end (issue 13): a school admin sets an accrual policy on a leave type in
// the type form (monthly on the 1st, 12 days a year, pro-rata), and sees a mid-year joiner's
// pro-rated balance with its breakdown on the entitlement screen — with no entitlement typed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, choose, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const admin = { email: `accrual-owner-${stamp}@school.test`, password: 'school-pass-1' };
const typeName = `Accrued ${stamp % 10000}`;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const year = today.slice(0, 4);
const month = Number(today.slice(5, 7));
// Joined 1 July: July–December are six whole months of 12/12 = 1 day each: granted 6, factor
// 0.5; accrued on the 1st of each month from July to this month.
const accrued = Math.max(0, month - 6);

let smtp;
let server;
let browser;
let page;
let token;
let teacherId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  browser = await startBrowser(server.baseURL);
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '': browser?.page }), fn);
const call = (method, path, body, tok = token) => apiCall(server.baseURL, method, path, body, tok);

test('set-up through the API: a school and a teacher who joined on 1 July', () =>
  onFailure('accrual-setup', async () => {
    const reg = await call('POST', '/api/school/register', {
      name: 'SK Cuti Terkumpul', code: `SKCT${stamp % 10000}`, email: `office-accrual-${stamp}@school.test`, contact_number: '0312345678',
      timezone: 'Asia/Kuala_Lumpur', admin_name: 'Rahimah Owner', admin_email: admin.email, password: admin.password, terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    const login = await call('POST', '/api/auth/login', { email: admin.email, password: admin.password }, null);
    assert.equal(login.status, 200, login.text);
    token = login.body.data?.access_token ?? login.body.access_token;
    const created = await call('POST', '/api/school/employee/teacher', { code: `A-${stamp % 100000}`, first_name: 'Nur', last_name: 'Aina', join_date: `${year}-07-01` });
    assert.equal(created.status, 201, created.text);
    teacherId = created.body.data.id;
  }));

test('the admin sets a monthly accrual policy and sees the joiner’s pro-rated balance with its breakdown', () =>
  onFailure('accrual-policy', async () => {
    await signIn(page, admin.email, admin.password);
    await page.goto('/school/leave/detail');
    await page.getByTestId('leave-type-create').click();
    await page.getByTestId('leave-type-name').fill(typeName);
    await choose(page, 'policy-grant', 'Monthly, on the 1st');
    await page.getByTestId('policy-days').fill('12');
    await page.getByTestId('policy-pro-rata').check();
    await page.getByTestId('leave-type-submit').click();
    await page.getByTestId('leave-types-table').getByText(typeName, { exact: true }).waitFor();

    const types = await call('GET', '/api/school/leave/management?page[size]=50');
    const saved = types.body.data.find((x) => x.type === typeName);
    assert.equal(saved?.policy?.grant, 'monthly', types.text);
    assert.equal(saved.policy.days, 12);
    assert.equal(saved.policy.pro_rata, true);

    await page.goto(`/school/leave/entitlement/teacher?id=${teacherId}`);
    const row = page.getByTestId('entitlement-table').locator('tr', { hasText: typeName });
    await row.waitFor();
    assert.equal((await row.getByTestId('leave-balance').textContent()).trim(), String(accrued));
    const breakdown = row.locator(`[data-testid="breakdown-${saved.id}"]`);
    const text = (await breakdown.textContent()).replace(/\s+/g, ' ');
    for (const part of ['Days a year12', 'Pro-rata factor0.5', 'Granted this period6', `Accrued to date${accrued}`, `Balance${accrued}`]) {
      assert.ok(text.includes(part), `breakdown "${text}" lacks "${part}"`);
    }
  }));
