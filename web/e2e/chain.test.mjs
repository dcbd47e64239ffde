// Approvals by one's own manager, end to end (issue 12): a leave type whose chain is "the
// applicant's manager, then the admins"; member A's manager is member B, an employee with an
// account and no admin rights. A applies in the UI; B's open page sees the bell rise without a
// reload, B approves on "Waiting for me"; the admin sees it waiting at level 2 and approves; A
// sees it approved with a notification; the team calendar shows it, also through B's "My team"
// switch. A asks for an attendance correction with a document attached; B opens it from
// "Waiting for me" and approves it. B then names a substitute while away and removes it, and looks at the team's day on
// a phone-sized screen (no horizontal scroll).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `chain-owner-${stamp}@company.test`, password: 'company-pass-1' };
const aida = { code: `A-${stamp % 100000}`, first: 'Aida', last: 'Rahman', email: `aida-${stamp}@company.test`, password: 'employee-pass-1' };
const badri = { code: `B-${stamp % 100000}`, first: 'Badri', last: 'Tan', email: `badri-${stamp}@company.test`, password: 'employee-pass-2' };
const typeName = `Annual chain ${stamp % 1000}`;

/** A date some days ahead in the company's zone (its group works every day). */
function futureDate(ahead) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + ahead * 86_400_000),
  );
}
const leaveDate = futureDate(4);

let smtp;
let server;
let ownerBrowser;
let aidaBrowser;
let badriBrowser;
let ownerToken;
let badriToken;
let typeId;
let applicationId;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
});

after(async () => {
  await badriBrowser?.close();
  await aidaBrowser?.close();
  await ownerBrowser?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-owner': ownerBrowser?.page, '-aida': aidaBrowser?.page, '-badri': badriBrowser?.page }), fn);

const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);


/** The input of an antd picker named by a test id (the input itself, or the first inside it). */
function pickerInput(p, testId) {
  return p.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

async function typeDate(p, testId, date) {
  const input = pickerInput(p, testId);
  await input.click();
  await input.fill(date);
  await input.press('Tab');
}

/** Waits for the bell to show a count; on a timeout says what it showed. */
async function waitForBell(p, want, timeout = 15_000) {
  try {
    await p.waitForFunction((n) => document.querySelector('[data-testid="notification-bell"]')?.getAttribute('data-unread') === String(n), want, { timeout });
  } catch (err) {
    const seen = await p.evaluate(() => [...document.querySelectorAll('[data-testid="notification-bell"]')].map((b) => b.getAttribute('data-unread'))).catch(() => []);
    throw new Error(`the bell did not show ${want} within ${timeout} ms; it showed ${JSON.stringify(seen)}`, { cause: err });
  }
}

/** Creates an employee with an e-mail and registers their account with the emailed code. */
async function employeeWithAccount(who, groupId) {
  const created = await call('POST', '/api/employee/record/register', { code: who.code, first_name: who.first, last_name: who.last, email: who.email });
  assert.equal(created.status, 201, created.text);
  const id = created.body.data.id;
  assert.ok((await call('POST', '/api/group/employees', { group_id: groupId, employees: [id] })).status < 300);
  const mail = await smtp.waitFor(who.email, (m) => /verification code is/i.test(m.data));
  const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
  assert.ok(m, `no code in the e-mail:\n${mail.data}`);
  const verified = await call('POST', '/api/auth/verification/register/employee', {
    verification_code: `${m[1]}${m[2]}`, password: who.password, password_confirmation: who.password,
  }, null);
  assert.equal(verified.status, 201, verified.text);
  return { id, token: verified.body.data.access_token };
}

test('set-up through the API: a company, Aida managed by Badri (both members), a leave type whose chain is manager → admins', () =>
  onFailure('chain-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Chain Owner', email: owner.email, company_size: '25', employer: `Rantai ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    const group = await call('POST', '/api/group/record/register', { name: `Every day ${stamp % 1000}`, time_in: '08:00', cut_off_time_in: '09:00', time_out: '17:00', cut_off_time_out: '18:00' });
    assert.equal(group.status, 201, group.text);
    const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
    assert.ok((await call('POST', '/api/group/schedule', { id: group.body.data.id, days })).status < 300);
    const a = await employeeWithAccount(aida, group.body.data.id);
    const b = await employeeWithAccount(badri, group.body.data.id);
    badriToken = b.token;
    aida.id = a.id;
    const job = await call('POST', '/api/employee/detail/job', { employee_id: a.id, manager_id: b.id });
    assert.ok(job.status < 300, job.text);
    const type = await call('POST', '/api/company/leave', { type: typeName, unit: 'day', day_count: 14 });
    assert.equal(type.status, 201, type.text);
    typeId = type.body.data.id;
    const chain = await call('POST', '/api/approvals/chain', { kind: 'leave', type_id: typeId, levels: ['manager', 'admins'] });
    assert.equal(chain.status, 200, chain.text);
    const ent = await call('POST', '/api/company/leave/employee/entitlement', { employee_id: a.id, leave_type_id: typeId, entitled: 14 });
    assert.ok(ent.status < 300, ent.text);
  }));

test("Aida applies in the UI; Badri's open page sees the bell rise without a reload, and he approves on Waiting for me", () =>
  onFailure('chain-level1', async () => {
    badriBrowser = await startBrowser(server.baseURL);
    const bp = badriBrowser.page;
    await signIn(bp, badri.email, badri.password);
    await waitForBell(bp, 0, 30_000);
    const navigations = [];
    bp.on('framenavigated', (f) => { if (f === bp.mainFrame()) navigations.push(f.url()); });

    aidaBrowser = await startBrowser(server.baseURL);
    const ap = aidaBrowser.page;
    await signIn(ap, aida.email, aida.password);
    await ap.goto('/personal/leave/application');
    await ap.getByTestId('leave-apply-open').click();
    await choose(ap, 'leave-apply-type', typeName);
    await typeDate(ap, 'leave-apply-from', leaveDate);
    await ap.getByTestId('leave-apply-reason').fill('Family wedding');
    await ap.getByTestId('leave-apply-submit').click();
    const row = ap.getByTestId('my-applications-table').locator('tr', { hasText: leaveDate });
    await row.getByTestId('leave-status-pending').waitFor();

    // Badri, a member and not an admin, is told at once: it waits for him at level 1.
    await waitForBell(bp, 1, 15_000);
    assert.deepEqual(navigations, [], "Badri's page reloaded");
    const waiting = await call('GET', '/api/approvals', undefined, badriToken);
    assert.equal(waiting.status, 200, waiting.text);
    assert.equal(waiting.body.data.length, 1, waiting.text);
    applicationId = waiting.body.data[0].ref_id;

    await bp.getByTestId('menu-personal').click();
    await bp.getByTestId('menu-personal-approvals').click();
    await bp.waitForURL('**/approvals');
    const inbox = bp.getByTestId('approvals-inbox');
    await inbox.getByText(`${aida.first} ${aida.last}`).first().waitFor();
    assert.match(await inbox.textContent(), /Level 1/);
    await bp.getByTestId(`approve-leave-${applicationId}`).first().click();
    await bp.getByTestId('decision-comment').fill('Enjoy the wedding');
    await bp.getByTestId('decision-submit').click();
    await bp.getByTestId(`approve-leave-${applicationId}`).first().waitFor({ state: 'detached' });
    await inbox.getByText('Nothing is waiting for you.').waitFor();
  }));

test('the admin sees it waiting at level 2 and approves; Aida sees it approved, with a notification', () =>
  onFailure('chain-level2', async () => {
    ownerBrowser = await startBrowser(server.baseURL);
    const op = ownerBrowser.page;
    await signIn(op, owner.email, owner.password);
    await op.goto('/approvals');
    const inbox = op.getByTestId('approvals-inbox');
    await inbox.getByText(`${aida.first} ${aida.last}`).first().waitFor();
    assert.match(await inbox.textContent(), /Level 2/);
    await op.getByTestId(`approve-leave-${applicationId}`).first().click();
    await op.getByTestId('decision-submit').click();
    await op.getByTestId(`approve-leave-${applicationId}`).first().waitFor({ state: 'detached' });

    const ap = aidaBrowser.page;
    await ap.goto('/personal/leave/application');
    const row = ap.getByTestId('my-applications-table').locator('tr', { hasText: leaveDate });
    await row.getByTestId('leave-status-approved').waitFor();
    await waitForBell(ap, 1);
    // On a wide screen the bell opens its popover with the news.
    await ap.getByTestId('notification-bell').click();
    const item = ap.getByTestId('notification-item').filter({ hasText: new RegExp(`Your leave application \\(${typeName}, ${leaveDate}\\) was approved by Chain Owner`) });
    await item.first().waitFor();
    // The timeline: submitted, the manager's approval at level 1, the admin's at level 2.
    await ap.keyboard.press('Escape');
    await row.getByText('3 steps').waitFor();
  }));

test("the team calendar shows the approved leave, also through Badri's My team switch", () =>
  onFailure('chain-calendar', async () => {
    const op = ownerBrowser.page;
    await op.goto(`/calendar?date=${leaveDate}`);
    const day = op.getByTestId(`calendar-day-${leaveDate}`);
    await day.getByTestId('calendar-entry').first().waitFor();
    assert.match(await day.textContent(), new RegExp(`${aida.first} ${aida.last}`));
    assert.equal(await day.getByTestId('calendar-entry').first().getAttribute('data-status'), 'approved');

    const bp = badriBrowser.page;
    await bp.goto(`/calendar?date=${leaveDate}`);
    await bp.getByTestId('calendar-my-team').click();
    await bp.waitForURL(/team=1/);
    const bday = bp.getByTestId(`calendar-day-${leaveDate}`);
    await bday.getByTestId('calendar-entry').first().waitFor();
    assert.match(await bday.textContent(), new RegExp(`${aida.first} ${aida.last}`));
  }));

test("Aida asks for a correction with a document attached; Badri opens it from Waiting for me and approves", () =>
  onFailure('chain-correction-attachment', async () => {
    const chain = await call('POST', '/api/approvals/chain', { kind: 'attendance_correction', levels: ['manager', 'admins'] });
    assert.equal(chain.status, 200, chain.text);
    const yesterday = futureDate(-1);
    const ap = aidaBrowser.page;
    await ap.goto('/personal/requests');
    await typeDate(ap, 'request-date', yesterday);
    const time = pickerInput(ap, 'request-time');
    await time.click();
    await time.fill('17:30');
    await time.press('Enter');
    await ap.getByTestId('request-reason').fill('Forgot to clock out; the gate log is attached');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await ap.locator('input[type="file"]').setInputFiles({ name: 'gate-log.pdf', mimeType: 'application/pdf', buffer: pdf });
    await ap.getByText('gate-log.pdf').first().waitFor();
    await ap.getByTestId('request-submit').click();
    const mine = ap.getByTestId('my-requests');
    await mine.getByTestId('request-attachment').first().waitFor();
    assert.match(await mine.textContent(), new RegExp(yesterday));

    const waiting = await call('GET', '/api/approvals', undefined, badriToken);
    const item = waiting.body.data.find((w) => w.kind === 'attendance_correction');
    assert.ok(item?.attachment_url, waiting.text);

    const bp = badriBrowser.page;
    await bp.goto('/approvals');
    const inbox = bp.getByTestId('approvals-inbox');
    await inbox.getByText(`${aida.first} ${aida.last}`).first().waitFor();
    const opened = bp.waitForResponse((r) => r.url().endsWith(item.attachment_url));
    const popup = bp.context().waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await inbox.getByTestId('request-attachment').first().click();
    const res = await opened;
    assert.equal(res.status(), 200);
    assert.equal(res.headers()['content-type'], 'application/pdf');
    // The bytes are Aida's document (fetched as Badri, whom it waits for).
    const raw = await fetch(server.baseURL + item.attachment_url, { headers: { Authorization: `Bearer ${badriToken}` } });
    assert.equal(raw.status, 200);
    assert.equal(Buffer.from(await raw.arrayBuffer()).toString(), pdf.toString());
    // The document opened in a new tab: close it and bring Badri's page back to the front (a
    // page in the background runs no animations).
    await (await popup)?.close();
    await bp.bringToFront();
    await bp.mouse.move(0, 0); // the link's hover colour is a passing state, not what axe should judge
    await settled(bp);
    assert.deepEqual(await axeViolations(bp), [], 'WCAG 2.1 AA on Waiting for me with a document to open');
    await bp.getByTestId(`approve-attendance_correction-${item.ref_id}`).first().click();
    await bp.getByTestId('decision-submit').click();
    await bp.getByTestId(`approve-attendance_correction-${item.ref_id}`).first().waitFor({ state: 'detached' });
  }));

test('Badri names a substitute while he is away, sees it listed, and removes it', () =>
  onFailure('chain-delegation', async () => {
    const bp = badriBrowser.page;
    await bp.goto('/approvals');
    const card = bp.getByTestId('delegation-card');
    await card.getByText('No substitutes named.').waitFor();
    await choose(bp, 'delegation-substitute', `${aida.first} ${aida.last}`);
    const [from, to] = [futureDate(10), futureDate(14)];
    const start = card.locator('.ant-picker-range input').first();
    const end = card.locator('.ant-picker-range input').nth(1);
    await start.click();
    await start.fill(from);
    await start.press('Enter');
    await end.fill(to);
    await end.press('Enter');
    await card.getByTestId('delegation-add').click();
    const item = card.getByTestId('delegation-item').first();
    await item.waitFor();
    assert.equal((await item.textContent()).trim(), `${aida.first} ${aida.last} decides for ${badri.first} ${badri.last} from ${from} to ${to}`);
    const given = await call('GET', '/api/approvals/delegations', undefined, badriToken);
    assert.equal(given.body.data.length, 1, given.text);
    await settled(bp);
    assert.deepEqual(await axeViolations(bp), [], 'WCAG 2.1 AA on Waiting for me with a substitute named');
    await item.getByRole('button', { name: /^Remove:/ }).click();
    await bp.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await card.getByText('No substitutes named.').waitFor();
    assert.equal((await call('GET', '/api/approvals/delegations', undefined, badriToken)).body.data.length, 0);
  }));

test("on a phone, Badri's My team shows his report's day without scrolling sideways", () =>
  onFailure('chain-phone', async () => {
    const bp = badriBrowser.page;
    await bp.setViewportSize({ width: 390, height: 844 });
    await bp.goto('/personal/team');
    await bp.getByTestId('team-tab-day').click();
    const dayList = bp.getByTestId('team-day');
    await dayList.getByText(`${aida.first} ${aida.last}`).first().waitFor();
    await settled(bp);
    const width = await bp.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `My team is ${width} px wide at 390 px`);
    // Approved leave on a future date; today she has a status of her own.
    assert.ok((await dayList.getByTestId('team-status').count()) >= 1);
    assert.deepEqual(await axeViolations(bp), [], "WCAG 2.1 AA on My team's day at 390 px");
    // Her month, in the drawer.
    await dayList.getByRole('button', { name: 'Open' }).first().click();
    await bp.getByTestId('team-month').waitFor();
    await settled(bp);
    const drawerWidth = await bp.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(drawerWidth <= 390, `the report's month is ${drawerWidth} px wide at 390 px`);
    assert.deepEqual(await axeViolations(bp), [], "WCAG 2.1 AA on a report's month at 390 px");
    await bp.keyboard.press('Escape');

    // The delegation card and the request form (with "move a punch" chosen) fit a phone too.
    for (const path of ['/approvals', '/personal/requests']) {
      await bp.goto(path);
      await settled(bp);
      if (path === '/personal/requests') {
        await choose(bp, 'request-kind', 'Move a punch');
        await bp.getByTestId('request-punch').waitFor();
      }
      const w = await bp.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= 390, `${path} is ${w} px wide at 390 px`);
      assert.deepEqual(await axeViolations(bp), [], `WCAG 2.1 AA on ${path} at 390 px`);
    }
  }));
