// A Security PUSH 3.x terminal (issue 14): it registers over /iclock/registry and sends a
// granted and a refused event (rtlog). The device's drawer lists them under "Access events" (below its tabs)
// (the granted one marked as a punch); switching the device to access use in its form is kept.
// Axe passes on the drawer at 1440 px and at 390 px (where its sections are a segmented control).
// The list then shows the device's use and protocol.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `hr-sec-${stamp}@company.test`, password: 'company-pass-1' };
const SN = `SEC${String(stamp % 100000).padStart(5, '0')}`;
const code = `S${stamp % 100000}`;

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await startBrowser(server.baseURL);
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function terminal(method, path, body) {
  const res = await fetch(`${server.baseURL}${path}`, { method, body });
  return { status: res.status, text: await res.text() };
}

test('a Security PUSH terminal registers, its events are listed, and the device can be set to access use', () =>
  screenshotOnFailure('security-push', () => ({ '': page }), async () => {
    const res = await apiCall(server.baseURL, 'POST', '/api/auth/register', {
      name: 'Sara HR', email: owner.email, company_size: '12', employer: 'Pintu Sdn Bhd', password: owner.password, timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(res.status, 201, res.text);
    const token = res.body.data.access_token;
    const person = await apiCall(server.baseURL, 'POST', '/api/employee/record/register', { code, first_name: 'Nur', last_name: 'Pintu' }, token);
    assert.equal(person.status, 201, person.text);
    const dev = await apiCall(server.baseURL, 'POST', '/api/device/facial/register', { name: 'Lobby gate', code: SN }, token);
    assert.equal(dev.status, 201, dev.text);

    const reg = await terminal('POST', `/iclock/registry?SN=${SN}`, 'DeviceType=acc,~DeviceName=SpeedFace,FirmVer=e2e,PushVersion=3.1.2');
    assert.equal(reg.status, 200, reg.text);
    assert.match(reg.text, /^RegistryCode=\w+/);
    const rtlog = [
      `time=2026-11-19 08:01:00\tpin=${code}\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=15\tindex=1`,
      `time=2026-11-19 08:02:00\tpin=${code}\tcardno=0\teventaddr=1\tevent=27\tinoutstatus=0\tverifytype=15\tindex=2`,
    ].join('\n');
    const up = await terminal('POST', `/iclock/cdata?SN=${SN}&table=rtlog`, rtlog);
    assert.equal(up.status, 200, up.text);

    await signIn(page, owner.email, owner.password);
    await page.getByTestId('menu-company-device').click();
    await page.getByTestId('menu-device-facial').click();
    await page.waitForURL('**/device/facial');
    await page.getByTestId('devices-table').getByText('Lobby gate').click();
    const table = page.getByTestId('access-events-table');
    await table.locator('[data-kind="granted"]').waitFor();
    await table.locator('[data-kind="denied"]').waitFor();
    await table.getByText(`Nur Pintu (${code})`).first().waitFor();
    await settled(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(500); // the scroller marks follow a resize on the next frame
      await settled(page);
      const v = await axeViolations(page);
      assert.deepEqual(v, [], `axe at ${width} px:\n${v.join('\n')}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    // Access use, chosen in the form, is kept.
    await page.getByTestId('device-edit').first().click();
    await choose(page, 'device-use', 'Access control');
    await page.getByTestId('device-submit').click();
    await page.getByTestId('device-submit').waitFor({ state: 'hidden' });
    const form = await apiCall(server.baseURL, 'GET', `/api/device/facial/form?id=${dev.body.data.id}`, undefined, token);
    assert.equal(form.body.data.use, 'access', form.text);
    // The list says what the device is for and which protocol it speaks.
    const row = page.getByTestId('devices-table').locator('tr', { hasText: 'Lobby gate' });
    await row.getByTestId('device-row-use').filter({ hasText: 'Access control · Security PUSH' }).waitFor();
  }));
