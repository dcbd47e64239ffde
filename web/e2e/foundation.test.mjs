// The foundation journey against the real binary: register a school, sign out and in, walk
// the seven languages, change the password, and lose the token.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, screenshotOnFailure, settled, startBrowser, startServer, takeCSPViolations, webDir } from './harness.mjs';

const LANGUAGES = ['en', 'ms', 'ch', 'es', 'jp', 'de', 'fr'];

function locale(lng, ns) {
  return JSON.parse(readFileSync(join(webDir, 'src/locales', lng, `${ns}.json`), 'utf8'));
}

const stamp = Date.now().toString(36);
const admin = { email: `admin-${stamp}@example.com`, password: 'first-pass-123', next: 'second-pass-456' };

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

const onFailure = (name, fn) =>
  screenshotOnFailure(name, () => ({ '': page }), fn, () =>
    console.error(`server log: ${server?.logPath}; screenshot: ${join(artifactsDir, `${name}.png`)}`));

async function signIn(password) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(admin.email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signOut() {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await page.waitForURL('**/login');
}

test('register a school and land on the dashboard', () =>
  onFailure('register', async () => {
    await page.goto('/login');
    await page.getByTestId('link-register-school').click();
    await page.waitForURL('**/register/school');
    await page.getByTestId('school-name').fill('SK Taman Melati');
    await page.getByTestId('school-code').fill(`SKTM${stamp}`.slice(0, 12).toUpperCase());
    await page.getByTestId('school-email').fill(`office-${stamp}@example.com`);
    await page.getByTestId('school-contact').fill('0312345678');
    await page.getByTestId('admin-name').fill('Aisyah Rahman');
    await page.getByTestId('admin-email').fill(admin.email);
    await page.getByTestId('admin-password').fill(admin.password);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    assert.match(await page.getByTestId('dashboard-welcome').innerText(), /Aisyah Rahman/);
    assert.equal(await page.getByTestId('org-name').innerText(), 'SK Taman Melati');
  }));

test('the app runs under a strict Content-Security-Policy that blocks an injected inline script', () =>
  onFailure('csp', async () => {
    const res = await page.goto('/dashboard');
    const csp = res.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers()['x-frame-options'], 'DENY');
    await page.getByTestId('dashboard-welcome').waitFor();
    // An injected inline script does not run, and the harness sees the violation (so a real
    // one anywhere in the app would fail its test step).
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
    });
    assert.equal(await page.evaluate(() => window.__injected === true), false);
    await page.waitForTimeout(200);
    const seen = takeCSPViolations();
    assert.ok(seen.some((v) => /script-src/.test(v)), `violations seen: ${seen.join('\n')}`);
  }));

test('sign out and sign in again', () =>
  onFailure('relogin', async () => {
    await signOut();
    await signIn(admin.password);
    await page.waitForURL('**/dashboard');
  }));

test('every language translates the sidebar and the form labels', () =>
  onFailure('languages', async () => {
    await page.goto('/personal/account');
    await page.getByTestId('change-password-card').waitFor();
    for (const lng of [...LANGUAGES.slice(1), 'en']) {
      const common = locale(lng, 'common');
      const account = locale(lng, 'account');
      await page.getByTestId('language-switcher').click();
      await page.getByTestId(`language-option-${lng}`).click();
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByText(common.menu.dashboard, { exact: true }).waitFor();
      await sidebar.getByText(common.menu.personal, { exact: true }).waitFor();
      await page.locator('label', { hasText: account.fields.current_password }).first().waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('language')), lng);
    }
  }));

test('change the password and sign in with the new one', () =>
  onFailure('password', async () => {
    await page.goto('/personal/account');
    await page.getByTestId('change-password-current').fill(admin.password);
    await page.getByTestId('change-password-new').fill(admin.next);
    await page.getByTestId('change-password-repeat').fill(admin.next);
    await page.getByTestId('change-password-submit').click();
    await page.getByText(locale('en', 'account').account.password_changed).waitFor();
    await signOut();

    await signIn(admin.password);
    const invalid = locale('en', 'errors').auth.invalid_credentials;
    await page.getByTestId('login-error').getByText(invalid).waitFor();

    await signIn(admin.next);
    await page.waitForURL('**/dashboard');
    await signOut();
  }));

test('a removed token sends the user to /login', () =>
  onFailure('token', async () => {
    await signIn(admin.next);
    await page.waitForURL('**/dashboard');
    // Let the start-up session refresh finish so nothing but the navigation re-renders (not
    // 'networkidle': the notification stream stays open as long as the page lives).
    await page.getByTestId('dashboard-welcome').waitFor();
    await settled(page);
    await page.evaluate(() => localStorage.removeItem('id_token'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await page.waitForURL('**/login');
    await page.goto('/personal/account');
    await page.waitForURL('**/login');
  }));
