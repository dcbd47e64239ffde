// Two-factor sign-in against the real binary: enrol through the account page with a code this
// test computes as an authenticator app does (RFC 6238, HMAC-SHA1 in node:crypto), turn on
// the organisation's requirement, then sign in with a code and with a recovery code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, screenshotOnFailure, startBrowser, startServer, webDir } from './harness.mjs';

/** The TOTP code of a base32 secret at an instant (ms): 30-second steps, 6 digits. */
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.replace(/=+$/, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const en = (ns) => JSON.parse(readFileSync(join(webDir, 'src/locales/en', `${ns}.json`), 'utf8'));
const stamp = Date.now().toString(36);
const owner = { email: `tf-owner-${stamp}@example.com`, password: 'two-factor-123' };

let server;
let browser;
let page;
let secret;
let recovery;

before(async () => {
  server = await startServer();
  const res = await fetch(`${server.baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Farah Aziz', email: owner.email, company_size: '12', employer: 'Dua Faktor Sdn Bhd',
      password: owner.password, timezone: 'Asia/Kuala_Lumpur', terms: true }),
  });
  assert.equal(res.status, 201);
  browser = await startBrowser(server.baseURL);
  page = browser.page;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '': page }), fn, () =>
    console.error(`server log: ${server?.logPath}; screenshot: ${join(artifactsDir, `${name}.png`)}`));

async function password() {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(owner.email);
  await page.getByTestId('login-password').fill(owner.password);
  await page.getByTestId('login-submit').click();
}

async function signOut() {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await page.waitForURL('**/login');
}

test('enrol through the account page and require two-factor of owners and admins', () =>
  onFailure('two-factor-enrol', async () => {
    await password();
    await page.waitForURL('**/dashboard');
    await page.goto('/personal/account');
    await page.getByTestId('two-factor-start').click();
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    assert.match(await qr.getAttribute('src'), /^data:image\/png;base64,/);
    secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await page.getByLabel(en('account').two_factor.code).fill(totp(secret));
    await page.getByTestId('two-factor-confirm').click();
    const codes = page.getByTestId('two-factor-recovery-codes').locator('pre');
    await codes.waitFor();
    recovery = (await codes.innerText()).trim().split('\n');
    assert.equal(recovery.length, 10);
    await page.getByTestId('two-factor-codes-done').click();
    await page.getByTestId('two-factor-on').waitFor();

    await page.getByTestId('security-policy-switch').click();
    await page.getByText(en('account').policy.saved).waitFor();
    assert.equal(await page.getByTestId('security-policy-switch').getAttribute('aria-checked'), 'true');
    await signOut();
  }));

test('sign in with the code of the authenticator app', () =>
  onFailure('two-factor-code', async () => {
    await password();
    const input = page.getByLabel(en('auth').two_factor.code);
    await input.waitFor();
    // The confirmation used this 30-second step; an app shows the next one half a minute later.
    await input.fill(totp(secret, Date.now() + 30_000));
    await page.getByTestId('login-otp-submit').click();
    await page.waitForURL('**/dashboard');
    await signOut();
  }));

test('sign in with a recovery code, which then stops working', () =>
  onFailure('two-factor-recovery', async () => {
    await password();
    await page.getByTestId('login-use-recovery').click();
    await page.getByLabel(en('auth').two_factor.recovery_code).fill(recovery[0]);
    await page.getByTestId('login-otp-submit').click();
    await page.waitForURL('**/dashboard');
    await signOut();

    await password();
    await page.getByTestId('login-use-recovery').click();
    await page.getByLabel(en('auth').two_factor.recovery_code).fill(recovery[0]);
    await page.getByTestId('login-otp-submit').click();
    await page.getByText(en('errors').auth.two_factor_invalid).first().waitFor();
    assert.match(page.url(), /\/login$/);
  }));
