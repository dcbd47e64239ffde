// Web clock-in and kiosk end to end (issue 11). A company (in a zone where it is about noon)
// has two employees with accounts in an every-day group. The owner adds a clock-in site for
// that group on the Sites screen. With Chromium's geolocation emulation one employee is
// refused outside the fence (translated), gets instructions when the position is refused, and
// clocks in inside it from the home screen; the punch shows on the home screen and in the
// owner's daily view. The owner makes a kiosk; a third browser (no account) shows it, the
// second employee's phone, signed out, opens the code's link, signs in and is clocked in with
// source kiosk. A code older
// than 60 seconds is refused, and after the owner revokes the kiosk its screen stops and its
// codes are refused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, choose, noonZone, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `clock-owner-${stamp}@company.test`, password: 'company-pass-1' };
const walker = { code: `W${stamp % 100000}`, first: 'Siti', last: 'Berjalan', email: `siti-${stamp}@company.test`, password: 'employee-pass-1' };
const scanner = { code: `K${stamp % 100000}`, first: 'Ravi', last: 'Imbas', email: `ravi-${stamp}@company.test`, password: 'employee-pass-2' };
const GATE = { latitude: 3.139, longitude: 101.6869 };
const timezone = noonZone();

let smtp;
let server;
let ownerB;
let walkerB;
let scannerB;
let kioskB;
let ownerToken;
let groupName;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  for (const b of [kioskB, scannerB, walkerB, ownerB]) await b?.close();
  await server?.stop();
  await smtp?.close();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '-owner': ownerB?.page, '-walker': walkerB?.page, '-scanner': scannerB?.page, '-kiosk': kioskB?.page }), fn);

const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

async function account(p) {
  const mail = await smtp.waitFor(p.email, (m) => /verification code is/i.test(m.data));
  const m = /verification code is ([A-Z0-9]{4})-([A-Z0-9]{4})/i.exec(mail.data);
  assert.ok(m, `no code in the e-mail:\n${mail.data}`);
  const r = await call('POST', '/api/auth/verification/register/employee', {
    verification_code: `${m[1]}${m[2]}`, password: p.password, password_confirmation: p.password,
  }, null);
  assert.equal(r.status, 201, r.text);
}

test('set-up through the API: a company at noon, an every-day group, two employees with accounts', () =>
  onFailure('clock-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Hana Owner', email: owner.email, company_size: '25', employer: `Jam Dinding ${stamp % 10000}`, password: owner.password, timezone, terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    groupName = `Every day ${stamp % 1000}`;
    const group = await call('POST', '/api/group/record/register', { name: groupName, time_in: '11:00', cut_off_time_in: '15:00', time_out: '18:00', cut_off_time_out: '23:00' });
    assert.equal(group.status, 201, group.text);
    const groupId = group.body.data.id;
    const schedule = await call('POST', '/api/group/schedule', { id: groupId, days: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 })) });
    assert.ok(schedule.status < 300, schedule.text);
    const ids = [];
    for (const p of [walker, scanner]) {
      const r = await call('POST', '/api/employee/record/register', { code: p.code, first_name: p.first, last_name: p.last, email: p.email });
      assert.equal(r.status, 201, r.text);
      ids.push(r.body.data.id);
    }
    const members = await call('POST', '/api/group/employees', { group_id: groupId, employees: ids });
    assert.ok(members.status < 300, members.text);
    await account(walker);
    await account(scanner);
  }));

test('the owner adds a clock-in site for the group on the Sites screen', () =>
  onFailure('clock-site', async () => {
    const page = ownerB.page;
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('menu-company-device').click();
    await page.getByTestId('menu-clock-sites').click();
    await page.waitForURL('**/attendance/sites');
    await page.waitForFunction(() => document.title.startsWith('Clock-in sites'));
    await page.getByTestId('site-create').click();
    await page.getByTestId('site-name').fill('Main gate');
    await page.getByTestId('site-latitude').fill(String(GATE.latitude));
    await page.getByTestId('site-longitude').fill(String(GATE.longitude));
    await page.getByTestId('site-radius').fill('120');
    await page.getByTestId('site-max-accuracy').fill('60');
    await page.getByTestId('site-groups').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: groupName }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('site-submit').click();
    await page.getByTestId('sites-table').getByText('Main gate', { exact: true }).waitFor();
    await page.getByTestId('sites-table').getByText(groupName).waitFor();
  }));

test('a refused position gets instructions, not a blank', () =>
  onFailure('clock-denied', async () => {
    walkerB = await startBrowser(server.baseURL);
    const page = walkerB.page;
    await walkerB.context.clearPermissions();
    await signIn(page, walker.email, walker.password);
    await page.getByTestId('web-clock-card').waitFor();
    await page.getByTestId('web-clock-button').click();
    const help = page.getByTestId('clock-position-denied');
    await help.waitFor({ timeout: 30_000 });
    assert.match(await help.innerText(), /may not use your location[\s\S]*Allow/);
  }));

test('outside the fence the refusal is translated; inside, the punch shows on the home screen', () =>
  onFailure('clock-web', async () => {
    const page = walkerB.page;
    await walkerB.context.grantPermissions(['geolocation'], { origin: server.baseURL });
    await walkerB.context.setGeolocation({ latitude: GATE.latitude + 0.01, longitude: GATE.longitude, accuracy: 10 }); // ~1.1 km north
    await page.getByTestId('web-clock-button').click();
    const refused = page.getByTestId('clock-refused');
    await refused.waitFor();
    // The app's own wording (clockin:errors.attendance.outside_site), not the server's English.
    assert.equal((await refused.innerText()).trim(), 'You are outside every site where you may clock in.');
    assert.equal((await page.getByTestId('home-first-punch').innerText()).trim(), '–');

    await walkerB.context.setGeolocation({ latitude: GATE.latitude + 0.0005, longitude: GATE.longitude, accuracy: 15 }); // ~55 m north
    await page.getByTestId('web-clock-button').click();
    const done = page.getByTestId('clock-result');
    await done.waitFor();
    assert.match(await done.innerText(), /Clocked in at \d\d:\d\d:\d\d at Main gate/);
    await page.waitForFunction(() => document.querySelector('[data-testid="home-first-punch"]')?.textContent?.match(/^\d\d:\d\d$/));
  }));

test("the punch shows in the owner's daily view", () =>
  onFailure('clock-daily', async () => {
    const page = ownerB.page;
    const first = (await walkerB.page.getByTestId('home-first-punch').innerText()).trim();
    await page.goto('/company/employee/attendance');
    const row = page.getByTestId('daily-table').locator('tr', { hasText: `${walker.first} ${walker.last}` });
    await row.getByText(first, { exact: true }).first().waitFor();
    // The day's clock records name the source and the site.
    await row.click();
    const drawer = page.getByTestId('clock-drawer');
    await drawer.getByTestId('clock-site').filter({ hasText: 'Main gate' }).first().waitFor();
    await drawer.getByText('Web', { exact: true }).first().waitFor();
    await page.locator('.ant-drawer-close').first().click();
    await drawer.waitFor({ state: 'hidden' });
  }));

let kioskURL;
let oldCode;
let oldCodeAt;

test('a kiosk on a second device: the member opens the scanned code and is clocked in', () =>
  onFailure('clock-kiosk', async () => {
    const page = ownerB.page;
    await page.getByTestId('menu-company-device').click();
    await page.getByTestId('menu-clock-kiosks').click();
    await page.waitForURL('**/attendance/kiosks');
    await page.getByTestId('kiosk-create').click();
    await page.getByTestId('kiosk-name').fill('Lobby tablet');
    await choose(page, 'kiosk-site', 'Main gate');
    await page.getByTestId('kiosk-submit').click();
    kioskURL = (await page.getByTestId('kiosk-url').innerText()).trim();
    assert.match(kioskURL, /\/kiosk\/[A-Za-z0-9_-]{20,}$/);
    await page.getByTestId('kiosk-submit').click();
    await page.getByTestId('kiosks-table').getByText('Lobby tablet').waitFor();

    kioskB = await startBrowser(server.baseURL);
    await kioskB.page.goto(kioskURL);
    const qr = kioskB.page.getByTestId('kiosk-qr');
    await qr.waitFor();
    assert.equal((await kioskB.page.getByTestId('kiosk-site').innerText()).trim(), 'Main gate');
    oldCode = await qr.getAttribute('data-code');
    oldCodeAt = Date.now();
    const link = await qr.getAttribute('data-url');
    assert.match(link, /\/clock\/kiosk\?code=/);
    assert.ok((await qr.getAttribute('src')).startsWith('data:image/png;base64,'));

    // The phone is signed out: the code waits while the member signs in, then clocks them in.
    scannerB = await startBrowser(server.baseURL);
    await scannerB.page.goto(link);
    await scannerB.page.waitForURL('**/login');
    await scannerB.page.getByTestId('login-email').fill(scanner.email);
    await scannerB.page.getByTestId('login-password').fill(scanner.password);
    await scannerB.page.getByTestId('login-submit').click();
    await scannerB.page.waitForURL(/\/personal\/clock\?code=/);
    const done = scannerB.page.getByTestId('clock-result');
    await done.waitFor();
    assert.match(await done.innerText(), /Clocked in at \d\d:\d\d:\d\d at Main gate/);
    await scannerB.page.goto('/dashboard');
    await scannerB.page.waitForFunction(() => document.querySelector('[data-testid="home-first-punch"]')?.textContent?.match(/^\d\d:\d\d$/));
    const me = await call('POST', '/api/auth/login', { email: scanner.email, password: scanner.password }, null);
    const clock = await call('GET', '/api/school/personal/attendance/clock', undefined, me.body.data.access_token);
    assert.ok(clock.text.includes('"source":"kiosk"'), clock.text);
  }));

test('a code older than 60 seconds is refused', { timeout: 120_000 }, () =>
  onFailure('clock-expired', async () => {
    const wait = oldCodeAt + 62_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await walkerB.page.goto(`/personal/clock?code=${encodeURIComponent(oldCode)}`);
    const refused = walkerB.page.getByTestId('clock-refused');
    await refused.waitFor();
    assert.match(await refused.innerText(), /This kiosk code has expired/);
  }));

test('a revoked kiosk stops at once and its codes are refused', () =>
  onFailure('clock-revoked', async () => {
    await kioskB.page.reload();
    const qr = kioskB.page.getByTestId('kiosk-qr');
    await qr.waitFor();
    const code = await qr.getAttribute('data-code');
    const page = ownerB.page;
    await page.getByTestId('kiosk-revoke').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary, .ant-popover:visible .ant-btn-primary').first().click();
    await page.getByTestId('kiosks-table').getByTestId('kiosk-row-state').filter({ hasText: /Revoked/ }).waitFor();

    await kioskB.page.reload();
    await kioskB.page.getByTestId('kiosk-gone').waitFor();
    await walkerB.page.goto(`/personal/clock?code=${encodeURIComponent(code)}`);
    const refused = walkerB.page.getByTestId('clock-refused');
    await refused.waitFor();
    assert.match(await refused.innerText(), /This kiosk is no longer in use/);
  }));

test('the kiosk screen and the clock-in screens fit a phone (390 px)', () =>
  onFailure('clock-phone', async () => {
    const sites = await call('GET', '/api/attendance/sites');
    const made = await call('POST', '/api/attendance/kiosks', { name: 'Side door', site_id: sites.body.data[0].id });
    assert.equal(made.status, 201, made.text);
    for (const [b, path] of [[kioskB, made.body.data.path], [walkerB, '/dashboard'], [ownerB, '/attendance/sites'], [ownerB, '/attendance/kiosks']]) {
      await b.page.setViewportSize({ width: 390, height: 844 });
      await b.page.goto(path);
      await settled(b.page); // not 'networkidle': a signed-in page keeps its notification stream open
      await b.page.screenshot({ path: `e2e/.artifacts/clock-390${path.replaceAll('/', '-').slice(0, 40)}.png`, fullPage: true });
    }
    // The kiosk screen has no shell: it must not scroll sideways.
    const kiosk = kioskB.page;
    await kiosk.goto(made.body.data.path);
    await kiosk.getByTestId('kiosk-qr').waitFor();
    const { scrollWidth, innerWidth } = await kiosk.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `kiosk screen ${scrollWidth} px wide at ${innerWidth}`);
  }));
