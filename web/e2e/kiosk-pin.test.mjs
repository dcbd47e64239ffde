// The kiosk PIN pad end to end (issue 11). A company at noon has an employee without a phone
// (no account) in an every-day group and a clock-in site. The owner makes a kiosk, turns its
// PIN pad on in the kiosks table and sets the employee's PIN with the person search. The
// kiosk's tablet (no account) shows the keypad beside the QR code: a wrong PIN is refused in
// the app's own words, then code and PIN typed on the keypad clock the employee in with a big
// confirmation, and the punch shows in the owner's daily view. The screen passes axe and fits a
// 390 px phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, noonZone, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `pin-owner-${stamp}@company.test`, password: 'company-pass-1' };
const worker = { code: String(70000 + (stamp % 10000)), first: 'Aminah', last: 'Tanpa Telefon' };
const PIN = '482913';

let server;
let ownerB;
let kioskB;
let ownerToken;
let kioskURL;

before(async () => {
  server = await startServer();
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  for (const b of [kioskB, ownerB]) await b?.close();
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page, '-kiosk': kioskB?.page }), fn);
const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

test('set-up through the API: a company at noon, an every-day group, an employee without an account, a site', async () => {
  const reg = await call('POST', '/api/auth/register', {
    name: 'Pina Owner', email: owner.email, company_size: '25', employer: `Pad Angka ${stamp % 10000}`, password: owner.password, timezone: noonZone(), terms: true,
  }, null);
  assert.equal(reg.status, 201, reg.text);
  ownerToken = reg.body.data.access_token;
  const group = await call('POST', '/api/group/record/register', { name: 'Every day', time_in: '11:00', cut_off_time_in: '15:00', time_out: '18:00', cut_off_time_out: '23:00' });
  assert.equal(group.status, 201, group.text);
  const schedule = await call('POST', '/api/group/schedule', { id: group.body.data.id, days: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 })) });
  assert.ok(schedule.status < 300, schedule.text);
  const p = await call('POST', '/api/employee/record/register', { code: worker.code, first_name: worker.first, last_name: worker.last });
  assert.equal(p.status, 201, p.text);
  const members = await call('POST', '/api/group/employees', { group_id: group.body.data.id, employees: [p.body.data.id] });
  assert.ok(members.status < 300, members.text);
  const site = await call('POST', '/api/attendance/sites', { name: 'Back gate', anywhere: true, group_ids: [group.body.data.id] });
  assert.equal(site.status, 201, site.text);
});

test('the owner makes a kiosk, turns its PIN pad on and sets the PIN of a person without a phone', () =>
  onFailure('pin-admin', async () => {
    const page = ownerB.page;
    await signIn(page, owner.email, owner.password);
    await page.goto('/attendance/kiosks');
    await page.getByTestId('kiosk-create').click();
    await page.getByTestId('kiosk-name').fill('Back gate tablet');
    await choose(page, 'kiosk-site', 'Back gate');
    await page.getByTestId('kiosk-submit').click();
    kioskURL = (await page.getByTestId('kiosk-url').innerText()).trim();
    await page.getByTestId('kiosk-submit').click();
    const toggle = page.getByTestId('kiosks-table').getByTestId('kiosk-row-pin-pad');
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="kiosk-row-pin-pad"]')?.getAttribute('aria-checked') === 'true');

    // The PIN, for someone found by the person search.
    await page.getByTestId('pin-person').click();
    await page.keyboard.type(worker.first.slice(0, 4));
    await choose(page, 'pin-person', worker.code);
    await page.getByTestId('pin-value').fill('12'); // too short: refused in the form
    await page.getByTestId('pin-save').click();
    await page.getByText('The PIN is 4 to 8 digits.').first().waitFor();
    await page.getByTestId('pin-value').fill(PIN);
    await page.getByTestId('pin-save').click();
    await page.getByTestId('kiosk-pins-table').getByTestId('pin-row-name').filter({ hasText: `${worker.first} ${worker.last}` }).waitFor();
    assert.ok(!(await page.content()).includes(PIN), 'the PIN is shown on the page');
    const found = await axeViolations(page);
    assert.deepEqual(found, [], found.join('\n'));
  }));

test('the kiosk takes code and PIN on its keypad and shows the confirmation', () =>
  onFailure('pin-kiosk', async () => {
    kioskB = await startBrowser(server.baseURL);
    const page = kioskB.page;
    await page.goto(kioskURL);
    await page.getByTestId('kiosk-qr').waitFor();
    await page.getByTestId('pin-pad').waitFor();
    const found = await axeViolations(page);
    assert.deepEqual(found, [], found.join('\n'));

    const typeKeys = async (digits) => {
      for (const d of digits) await page.getByTestId(`pin-key-${d}`).click();
    };
    // A wrong PIN: the app's own words, which never say whether the code or the PIN was wrong.
    await page.getByTestId('pin-code').click();
    await typeKeys(worker.code);
    await page.getByTestId('pin-pin').click();
    await typeKeys('000000');
    assert.equal(await page.getByTestId('pin-pin').getAttribute('type'), 'password');
    await page.getByTestId('pin-ok').click();
    const refused = page.getByTestId('pin-refused');
    await refused.waitFor();
    assert.equal((await refused.innerText()).trim(), 'The person code or the PIN is wrong.');

    // Clear, then the keyboard works as well as the keys: code typed, PIN on the keypad.
    await page.getByTestId('pin-clear').click();
    assert.equal(await page.getByTestId('pin-code').inputValue(), '');
    await page.getByTestId('pin-code').focus();
    await page.keyboard.type(worker.code);
    await page.getByTestId('pin-pin').click();
    await typeKeys(PIN);
    await page.getByTestId('pin-ok').click();
    const done = page.getByTestId('pin-done');
    await done.waitFor();
    const text = await done.innerText();
    assert.match(text, new RegExp(`Hello, ${worker.first}!`));
    assert.match(text, /Clocked in at \d\d:\d\d at Back gate/);
    // The confirmation goes by itself, ready for the next person.
    await page.getByTestId('pin-pad').waitFor({ timeout: 15_000 });
  }));

test("the PIN punch shows in the owner's daily view as a kiosk punch", () =>
  onFailure('pin-daily', async () => {
    const page = ownerB.page;
    await page.goto('/company/employee/attendance');
    const row = page.getByTestId('daily-table').locator('tr', { hasText: `${worker.first} ${worker.last}` });
    await row.getByText(/^\d\d:\d\d$/).first().waitFor();
    await row.click();
    const drawer = page.getByTestId('clock-drawer');
    await drawer.getByTestId('clock-site').filter({ hasText: 'Back gate' }).first().waitFor();
    await drawer.getByText('Kiosk', { exact: true }).first().waitFor();
  }));

test('the kiosk with its PIN pad fits a 390 px phone', () =>
  onFailure('pin-phone', async () => {
    const page = kioskB.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(kioskURL);
    await page.getByTestId('pin-pad').waitFor();
    await settled(page);
    await page.screenshot({ path: 'e2e/.artifacts/kiosk-pin-390.png', fullPage: true });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `kiosk screen ${scrollWidth} px wide at ${innerWidth}`);
    const key = await page.getByTestId('pin-key-5').boundingBox();
    assert.ok(key.height >= 40 && key.width >= 40, `a key is ${key.width}×${key.height}`);
  }));
