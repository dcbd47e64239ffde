// Data retention end to end (issue 18): a company owner finds the screen under Settings,
// changes a period by keyboard alone and saves it (the API then answers the new period),
// and the screen passes axe's WCAG 2.1 AA rules at 1440 px and at 390 px without scrolling
// sideways.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `retention-owner-${stamp}@company.test`, password: 'company-pass-1' };

let server;
let b;
let token;

before(async () => {
  server = await startServer();
  b = await startBrowser(server.baseURL);
});

after(async () => {
  await b?.close();
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': b?.page }), fn);
const call = (method, path, body, tok) => apiCall(server.baseURL, method, path, body, tok);

test('the owner changes how long notifications are kept, by keyboard, from the Settings menu', () =>
  onFailure('retention-keyboard', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Rita Owner', email: owner.email, company_size: '25', employer: `Retention Works ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(reg.status, 201, reg.text);
    token = reg.body.data.access_token;
    const p = b.page;
    await signIn(p, owner.email, owner.password);
    await p.getByRole('menuitem', { name: 'Settings' }).click();
    await p.getByRole('menuitem', { name: 'Data retention' }).click();
    await p.waitForURL(/\/settings\/retention$/, { timeout: 15_000 });
    await settled(p);
    const notifications = p.getByLabel('Notifications', { exact: true });
    await notifications.waitFor({ timeout: 15_000 });
    assert.equal(await notifications.inputValue(), '365');
    assert.equal(await p.getByLabel('Punches (the attendance record)').inputValue(), '2557');
    assert.equal(await p.getByLabel('Door access events of Security PUSH terminals').inputValue(), '365');
    await notifications.focus();
    await p.keyboard.press('Control+A');
    await p.keyboard.type('30');
    await p.keyboard.press('Tab'); // onward through the form to the Save button
    for (let i = 0; i < 10; i++) {
      if (await p.getByTestId('retention-save').evaluate((el) => el === document.activeElement)) break;
      await p.keyboard.press('Tab');
    }
    assert.ok(await p.getByTestId('retention-save').evaluate((el) => el === document.activeElement), 'Tab never reached Save');
    await p.keyboard.press('Enter');
    await p.getByText('Retention periods saved.').waitFor({ timeout: 15_000 });
    const got = await call('GET', '/api/account/retention', undefined, token);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.data.notifications_days, 30);
    assert.equal(got.body.data.punches_days, 2557);
    assert.equal(got.body.data.access_events_days, 365);
  }));

test('the screen passes axe at 1440 px and at 390 px, without sideways scrolling on the phone', () =>
  onFailure('retention-axe', async () => {
    const p = b.page;
    for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      await p.setViewportSize(size);
      await p.goto('/settings/retention');
      await p.getByTestId('retention-card').waitFor({ timeout: 15_000 });
      await settled(p);
      assert.equal(await p.getByLabel('Notifications', { exact: true }).inputValue(), '30');
      const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `at ${size.width} px the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe at ${size.width} px`);
    }
    await p.setViewportSize({ width: 1440, height: 900 });
  }));
