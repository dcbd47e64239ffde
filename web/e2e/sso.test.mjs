// Single sign-on end to end (issue 15) against a real OpenID provider: the test provider
// binary (cmd/oidc-testprovider, zitadel/oidc's op package) on loopback. A school owner adds
// the provider on the screen with "create members"; a teacher types her address on the login
// page, is offered single sign-on, signs in at the provider and waits for approval; the owner
// approves her on the screen; she signs in again and lands in the app with a session.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { apiCall, axeViolations, screenshotOnFailure, settled, signIn, startBrowser, startServer, webDir } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `sso-owner-${stamp}@sso-school.test`, password: 'school-pass-1' };
const domain = `sekolah${stamp % 100000}.edu.my`;
const teacher = { email: `aminah@${domain}`, password: 'idp-pass-1', name: 'Aminah Binti Ali' };
const SECRET = 'e2e-client-secret';
const PROVIDER_BIN = resolve(webDir, process.env.HADIR_OIDC_BIN ?? '../bin/oidc-testprovider');

let server;
let provider;
let issuer;
let ownerB;
let teacherB;

/** Starts the test provider for the server's callback; resolves with its issuer. */
function startProvider(baseURL) {
  if (!existsSync(PROVIDER_BIN)) {
    const built = spawnSync('go', ['build', '-o', PROVIDER_BIN, './cmd/oidc-testprovider'], { cwd: resolve(webDir, '..'), encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building the test provider failed:\n${built.stderr}`);
  }
  const child = spawn(PROVIDER_BIN, ['-client', 'hadir', '-secret', SECRET, '-redirect', `${baseURL}/api/auth/sso/callback`,
    '-user', `${teacher.email}:${teacher.password}:${teacher.name}`], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the test provider did not start')), 20_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^issuer (\S+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        ok({ child, issuer: m[1] });
      }
    });
    child.once('exit', (code) => fail(new Error(`the test provider exited (${code})`)));
  });
}

before(async () => {
  server = await startServer();
  ({ child: provider, issuer } = await startProvider(server.baseURL));
  ownerB = await startBrowser(server.baseURL);
  teacherB = await startBrowser(server.baseURL);
});

after(async () => {
  await ownerB?.close();
  await teacherB?.close();
  provider?.kill('SIGTERM');
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page, '-teacher': teacherB?.page }), fn);
const call = (method, path, body, token) => apiCall(server.baseURL, method, path, body, token);

/** On the login page: type the address, take the single sign-on offer, sign in at the provider. */
async function signInWithProvider(p) {
  await p.goto('/login');
  await p.getByTestId('login-email').fill(teacher.email);
  const offer = p.getByTestId('login-sso');
  await offer.waitFor({ timeout: 10_000 });
  await offer.click();
  await p.waitForURL((u) => u.href.startsWith(issuer));
  await p.locator('#username').fill(teacher.email);
  await p.locator('#password').fill(teacher.password);
  await p.getByRole('button', { name: 'Login' }).click();
}

test('the owner adds the provider on the screen; the secret never comes back', () =>
  onFailure('sso-add', async () => {
    const reg = await call('POST', '/api/school/register', {
      name: `SSO School ${stamp % 10000}`, code: `SSO${stamp % 100000}`, email: `office-${stamp}@sso-school.test`, contact_number: '+60 3-1234 5678',
      timezone: 'Asia/Kuala_Lumpur', admin_name: 'Puan Owner', admin_email: owner.email, password: owner.password, terms: true,
    });
    assert.equal(reg.status, 201, reg.text);
    const p = ownerB.page;
    await signIn(p, owner.email, owner.password);
    await p.goto('/settings/integrations/sso');
    await p.getByTestId('sso-add').click();
    await p.getByTestId('sso-name').fill('Sekolah IdP');
    await p.getByTestId('sso-issuer').fill(issuer);
    await p.getByTestId('sso-client-id').fill('hadir');
    await p.getByTestId('sso-client-secret').fill(SECRET);
    const domains = p.getByRole('dialog').getByRole('combobox', { name: 'E-mail domains' });
    await domains.fill(domain);
    await domains.press('Enter');
    await p.getByTestId('sso-create-members').check();
    await p.getByTestId('sso-provider-save').click();
    await p.getByTestId('sso-provider-name').filter({ hasText: 'Sekolah IdP' }).waitFor();
    const settings = await call('GET', '/api/integrations/sso', undefined, reg.body.data.access_token);
    assert.equal(settings.status, 200, settings.text);
    assert.ok(!settings.text.includes(SECRET), 'the secret came back');
    assert.deepEqual(settings.body.data.providers[0].domains, [domain]);
    await settled(p);
    assert.deepEqual(await axeViolations(p), []);
  }));

test('a new teacher signs in with the provider and waits for approval', () =>
  onFailure('sso-pending', async () => {
    const p = teacherB.page;
    await signInWithProvider(p);
    await p.waitForURL(/\/login\?sso_error=pending/);
    await p.getByTestId('sso-error').waitFor();
    assert.match(await p.getByTestId('sso-error').textContent(), /waiting for an administrator/);
    assert.deepEqual(await axeViolations(p), []);
  }));

test('the owner approves her; she signs in with the provider and has a session', () =>
  onFailure('sso-approve', async () => {
    const o = ownerB.page;
    await o.reload();
    await o.getByTestId('sso-request-approve').click();
    await o.getByText('Nobody is waiting.').waitFor();
    const p = teacherB.page;
    await signInWithProvider(p);
    await p.waitForURL(/\/(dashboard|personal\/profile)/, { timeout: 20_000 });
    const token = await p.evaluate(() => localStorage.getItem('id_token'));
    const me = await call('GET', '/api/verify', undefined, token);
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.data.email ?? me.body.data.user?.email, teacher.email);
  }));

test('at 390 px the settings screen has no sideways scroll and passes axe', () =>
  onFailure('sso-phone', async () => {
    const p = ownerB.page;
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/settings/integrations/sso');
    await p.getByTestId('sso-provider-name').first().waitFor();
    await settled(p);
    const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    const wide = await p.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(-5)
        .map((el) => `${el.tagName}.${el.className}`),
    );
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px: ${wide.join(', ')}`);
    assert.deepEqual(await axeViolations(p), []);
    await p.setViewportSize({ width: 1440, height: 900 });
  }));
