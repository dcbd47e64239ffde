// The company roles page (/company/employee/role): the owner makes an employee an admin from
// the company menu's Role entry, then transfers ownership to another employee and becomes an
// admin; its personal area, with no person record, explains itself instead of showing an error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `roles-owner-${stamp}@company.test`, password: 'company-pass-1' };
const people = [
  { code: `R1-${stamp % 100000}`, first: 'Hafiz', last: 'Admin', email: `hafiz-${stamp}@company.test`, password: 'employee-pass-1' },
  { code: `R2-${stamp % 100000}`, first: 'Mei Ling', last: 'Heir', email: `meiling-${stamp}@company.test`, password: 'employee-pass-2' },
];
const [future, heir] = people;

let smtp;
let server;
let browser;
let page;
let ownerToken;

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

const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

/** The role of a person by code, as the privilege list reports it. */
async function roleOf(code, token) {
  const r = await call('GET', '/api/employee/privilege', undefined, token);
  assert.equal(r.status, 200, r.text);
  const p = r.body.data.find((x) => x.code === code);
  assert.ok(p, r.text);
  return p.role;
}

test('set-up through the API: a company and two employees with accounts', () =>
  onFailure('roles-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Zainal Owner', email: owner.email, company_size: '25', employer: `Peranan ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    for (const p of people) {
      const created = await call('POST', '/api/employee/record/register', { code: p.code, first_name: p.first, last_name: p.last, email: p.email });
      assert.equal(created.status, 201, created.text);
      const mail = await smtp.waitFor(p.email, (m) => /verification code is/i.test(m.data));
      const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
      assert.ok(m, `no code in the e-mail:\n${mail.data}`);
      const verified = await call('POST', '/api/auth/verification/register/employee', {
        verification_code: `${m[1]}${m[2]}`, password: p.password, password_confirmation: p.password,
      }, null);
      assert.equal(verified.status, 201, verified.text);
    }
  }));

test('the owner assigns an admin on the company roles page', () =>
  onFailure('roles-assign', async () => {
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('menu-company-people').click();
    await page.getByTestId('menu-employee-role').click();
    await page.waitForURL('**/company/employee/role');
    await page.getByTestId(`assign-${future.code}`).click();
    await page.getByTestId(`admin-${future.code}`).waitFor();
    await page.getByTestId(`remove-${future.code}`).waitFor();
    assert.equal(await roleOf(future.code), 'admin');
  }));

test('the owner transfers ownership and becomes an admin', () =>
  onFailure('roles-transfer', async () => {
    await page.getByTestId(`transfer-${heir.code}`).click();
    await page.getByTestId('transfer-confirm').click();
    // The former owner is an admin now: the owner-only buttons are gone from the page.
    await page.getByTestId(`transfer-${future.code}`).waitFor({ state: 'detached' });
    await page.getByTestId(`assign-${heir.code}`).waitFor({ state: 'detached' });
    const login = await call('POST', '/api/auth/login', { email: heir.email, password: heir.password }, null);
    assert.equal(login.status, 200, login.text);
    const heirToken = login.body.data?.access_token ?? login.body.access_token;
    assert.equal(await roleOf(heir.code, heirToken), 'owner');
    // The former owner still manages employees as an admin, but may no longer assign admins.
    assert.equal((await call('GET', '/api/employee/privilege')).status, 200);
    const people = await call('GET', '/api/employee/privilege');
    const heirId = people.body.data.find((x) => x.code === heir.code).id;
    assert.equal((await call('POST', '/api/employee/privilege/remove', { employee_id: heirId })).status, 403);
  }));

test("the former owner's personal area (no person record) explains itself instead of an error", () =>
  onFailure('roles-personal-unlinked', async () => {
    for (const path of ['/personal/leave/entitlement', '/personal/away/application', '/personal/attendance', '/personal/profile']) {
      await page.goto(path);
      await page.getByTestId('not-linked').waitFor();
      assert.equal(await page.getByText('This person has no user account yet.').count(), 0, path);
      assert.equal(await page.locator('.ant-alert-error').count(), 0, path);
      assert.equal(await page.getByText(/invitation/i).count(), 0, path);
    }
    await page.getByTestId('not-linked-people').click();
    await page.waitForURL('**/company/employee/list');
  }));
