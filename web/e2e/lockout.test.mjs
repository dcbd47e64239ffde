// Lockout without denial end to end: strangers' wrong passwords lock an owner's account; in
// the browser the right password then gets the locked answer, the one-time sign-in link
// arrives on a real SMTP peer, opening it signs the owner in, and the failed attempts are shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshotOnFailure, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `owner-${stamp}@lock.test`, password: 'owner-pass-1' };

let smtp;
let server;
let browser;
let page;

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

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '': page }), fn);

const post = (path, body) =>
  fetch(`${server.baseURL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

test('a locked owner signs in with the e-mailed link and sees the failed attempts', () =>
  onFailure('lockout', async () => {
    const reg = await post('/api/auth/register', {
      name: 'Siti Owner', email: owner.email, company_size: '10', employer: `Lock Co ${stamp}`,
      password: owner.password, timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(reg.status, 201);
    for (let i = 0; i < 5; i++) {
      assert.equal((await post('/api/auth/login', { email: owner.email, password: `guess-${i}` })).status, 422);
    }
    await page.goto('/login');
    await page.getByTestId('login-email').fill(owner.email);
    await page.getByTestId('login-password').fill(owner.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').getByText('one-time sign-in link', { exact: false }).waitFor();

    const mail = await smtp.waitFor(owner.email, (m) => /sign-in link/i.test(m.data));
    const m = /(http:\/\/\S+\/auth\/login\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.data);
    assert.ok(m, `no sign-in link in the e-mail:\n${mail.data}`);
    await page.goto(m[1]);
    await page.waitForURL('**/dashboard');
    await page.getByText('5 failed sign-in attempts', { exact: false }).waitFor();
  }));
