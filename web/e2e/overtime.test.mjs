// Overtime end to end (issue 13). A company in Kuala Lumpur has an every-day group working
// 08:00–17:00; the owner sets its overtime threshold (30 minutes) and makes its overtime need
// approval on the groups screen. Aida, a member with an account, punched on two days of last
// month (through the CSV import): 08:00–19:00 (2 h after time out) and 08:00–18:30 (1 h 30).
// On her attendance page each day shows its overtime; she asks for approval of both and
// withdraws the second (by keyboard). The owner approves the first on "Waiting for me"; Aida
// sees it approved, her month sums 3:30 worked and 2:00 approved, and so does the owner's
// monthly grid. The overtime screens pass axe at 1440 and 390 px.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const zone = 'Asia/Kuala_Lumpur';
const owner = { email: `ot-owner-${stamp}@company.test`, password: 'company-pass-1' };
const aida = { code: `OT${stamp % 100000}`, first: 'Aida', last: `Lembur${stamp % 1000}`, email: `ot-aida-${stamp}@company.test`, password: 'employee-pass-1' };
const groupName = `Every day OT ${stamp % 1000}`;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (ds, n) => {
  const [y, m, d] = ds.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
// Two days of last month (always decided, in one month whatever today is).
const month = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
const longDay = `${month}-10`; // 08:00–19:00: 120 minutes after 17:00
const shortDay = `${month}-11`; // 08:00–18:30: 90 minutes

let smtp;
let server;
let ownerB;
let aidaB;
let ownerToken;
let groupId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  await aidaB?.close();
  await ownerB?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page, '-aida': aidaB?.page }), fn);
const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

/** Presses Tab until the element with a test id has the focus (it is reachable by keyboard). */
async function tabTo(page, testId, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId)) return;
  }
  throw new Error(`${testId} is not reachable with Tab`);
}

async function axeAt(page, width, what) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await settled(page);
  const v = await axeViolations(page);
  assert.deepEqual(v, [], `${what} at ${width} px:\n${v.join('\n')}`);
  if (width < 500) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `${what} is ${scrollWidth} px wide at ${innerWidth}`);
  }
}

test('set-up through the API: a company, an every-day group, Aida with an account, her punches of last month', () =>
  onFailure('overtime-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Lembur Owner', email: owner.email, company_size: '25', employer: `Lembur ${stamp % 10000}`, password: owner.password, timezone: zone, terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    const from = addDays(`${month}-01`, -7);
    const group = await call('POST', '/api/group/record/register', { name: groupName, time_in: '08:00', cut_off_time_in: '10:00', time_out: '17:00', cut_off_time_out: '23:00', effective_from: from });
    assert.equal(group.status, 201, group.text);
    groupId = group.body.data.id;
    const schedule = await call('POST', '/api/group/schedule', { id: groupId, days: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 })), effective_from: from });
    assert.ok(schedule.status < 300, schedule.text);
    const created = await call('POST', '/api/employee/record/register', { code: aida.code, first_name: aida.first, last_name: aida.last, email: aida.email });
    assert.equal(created.status, 201, created.text);
    const members = await call('POST', '/api/group/employees', { group_id: groupId, employees: [created.body.data.id], effective_from: from });
    assert.ok(members.status < 300, members.text);
    const mail = await smtp.waitFor(aida.email, (m) => /verification code is/i.test(m.data));
    const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
    assert.ok(m, `no code in the e-mail:\n${mail.data}`);
    const verified = await call('POST', '/api/auth/verification/register/employee', {
      verification_code: `${m[1]}${m[2]}`, password: aida.password, password_confirmation: aida.password,
    }, null);
    assert.equal(verified.status, 201, verified.text);
    const chain = await call('POST', '/api/approvals/chain', { kind: 'overtime', levels: ['admins'] });
    assert.equal(chain.status, 200, chain.text);
    const form = new FormData();
    form.append('format', 'csv');
    const csv = ['code,time', `${aida.code},${longDay} 08:00`, `${aida.code},${longDay} 19:00`, `${aida.code},${shortDay} 08:00`, `${aida.code},${shortDay} 18:30`].join('\n');
    form.append('file', new Blob([`${csv}\n`], { type: 'text/csv' }), 'punches.csv');
    const imported = await fetch(`${server.baseURL}/api/attendance/punch-imports`, { method: 'POST', headers: { Authorization: `Bearer ${ownerToken}` }, body: form });
    assert.equal(imported.status, 200, await imported.text());
    await signIn(ownerB.page, owner.email, owner.password);
  }));

test("the owner sets the group's overtime threshold and approval on the groups screen", () =>
  onFailure('overtime-group', async () => {
    const page = ownerB.page;
    await page.goto('/company/employee/group');
    const row = page.getByTestId('groups-table').locator('tr', { hasText: groupName });
    await row.getByTestId('group-edit').click();
    const threshold = page.getByTestId('group-overtime-threshold');
    await threshold.fill('30');
    await choose(page, 'group-overtime-approval', 'Needed, through the overtime approval chain');
    await axeAt(page, 1440, 'the group form');
    await page.getByTestId('group-submit').click();
    await page.getByTestId('group-submit').waitFor({ state: 'hidden' });
    const groups = await call('GET', '/api/group/record');
    const g = groups.body.data.find((x) => x.id === groupId);
    assert.equal(g.overtime_threshold_minutes, 30, JSON.stringify(g));
    assert.equal(g.overtime_needs_approval, true, JSON.stringify(g));
  }));

test('Aida sees each day’s overtime, asks for both, and withdraws the second by keyboard', () =>
  onFailure('overtime-member', async () => {
    aidaB = await startBrowser(server.baseURL);
    const page = aidaB.page;
    await signIn(page, aida.email, aida.password);
    await page.goto(`/personal/attendance?month=${month}`);
    for (const [date, worked] of [[longDay, '2:00'], [shortDay, '1:30']]) {
      await page.getByTestId(`personal-day-${date}`).click();
      const cell = page.getByTestId('overtime-cell');
      await cell.getByTestId('overtime-worked').filter({ hasText: worked }).waitFor();
      await page.getByTestId('overtime-ask').click();
      await cell.getByTestId('overtime-state-pending').waitFor();
    }
    await axeAt(page, 1440, 'the personal attendance page');
    // The short day's request is withdrawn: Tab to the button, Enter, then confirm with Enter.
    await page.getByTestId('overtime-withdraw').waitFor();
    await page.getByTestId(`personal-day-${shortDay}`).focus();
    await tabTo(page, 'overtime-withdraw');
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('overtime-withdraw-confirm');
    await confirm.waitFor();
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('overtime-cell').getByTestId('overtime-state-cancelled').waitFor();
    assert.equal(await page.getByTestId('overtime-withdraw').count(), 0);
    assert.equal(await page.getByTestId('overtime-ask').count(), 0);
    await axeAt(page, 390, 'the personal attendance page');
    await page.setViewportSize({ width: 1440, height: 900 });
  }));

test('the owner approves the long day on Waiting for me; the withdrawn one is not there', () =>
  onFailure('overtime-approve', async () => {
    const page = ownerB.page;
    const mine = await call('GET', '/api/approvals');
    const items = mine.body.data.filter((x) => x.kind === 'overtime');
    assert.equal(items.length, 1, JSON.stringify(mine.body.data));
    assert.equal(items[0].overtime.date, longDay);
    const id = items[0].ref_id;
    await page.goto('/approvals');
    await page.getByTestId(`overtime-${id}`).waitFor();
    await axeAt(page, 1440, 'the approvals inbox');
    await axeAt(page, 390, 'the approvals inbox');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId(`approve-overtime-${id}`).click();
    const minutes = page.getByTestId('decision-minutes');
    await minutes.waitFor();
    assert.equal(await minutes.inputValue(), '120');
    await axeAt(page, 1440, 'the overtime decision');
    await page.getByTestId('decision-submit').click();
    await page.getByTestId(`overtime-${id}`).waitFor({ state: 'detached' });
  }));

test('the month sums the overtime: Aida’s page and the owner’s monthly grid', () =>
  onFailure('overtime-month', async () => {
    const ap = aidaB.page;
    await ap.goto(`/personal/attendance?month=${month}`);
    await ap.getByTestId('total-overtime').filter({ hasText: '3:30' }).waitFor();
    await ap.getByTestId('total-overtime-approved').filter({ hasText: '2:00' }).waitFor();
    await ap.getByTestId(`personal-day-${longDay}`).click();
    await ap.getByTestId('overtime-cell').getByTestId('overtime-state-approved').waitFor();

    const page = ownerB.page;
    await page.goto(`/company/employee/attendance/monthly?month=${month}`);
    await page.getByTestId(`row-total-${aida.code}-overtime`).filter({ hasText: '3:30/2:00' }).waitFor();
    await axeAt(page, 1440, 'the monthly grid');
  }));
