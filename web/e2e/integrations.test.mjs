// API tokens end to end (issue 15): a company owner creates a read-only people token on the
// API tokens screen (the secret is shown once), a script calls the API with it (a list
// answers, a change is refused 403, leave is out of its areas), the list shows its last use,
// and after the owner revokes it on the screen the same call answers 401.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, screenshotOnFailure, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `tokens-owner-${stamp}@company.test`, password: 'company-pass-1' };

let server;
let ownerB;
let secret;

before(async () => {
  server = await startServer();
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  await ownerB?.close();
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page }), fn);
const call = (method, path, body, token) => apiCall(server.baseURL, method, path, body, token);

test('the owner creates a read-only people token on the screen and sees its secret once', () =>
  onFailure('tokens-create', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Tariq Owner', email: owner.email, company_size: '25', employer: `Token Works ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(reg.status, 201, reg.text);
    const p = ownerB.page;
    await signIn(p, owner.email, owner.password);
    await p.goto('/settings/integrations/tokens');
    await p.getByTestId('token-create').click();
    await p.getByTestId('token-name').fill('Payroll script');
    await p.getByRole('checkbox', { name: 'People' }).check();
    await p.getByTestId('token-submit').click();
    const shown = p.getByTestId('token-secret');
    await shown.waitFor();
    secret = (await shown.textContent()).trim();
    assert.match(secret, /^hdr_[A-Za-z0-9_-]{43}$/);
    await p.getByTestId('token-submit').click();
    await p.getByTestId('token-row-name').filter({ hasText: 'Payroll script' }).waitFor();
    assert.equal(await p.getByTestId('token-row-last-used').first().textContent(), 'Never');
  }));

test('a script calls the API with the token, within its scope only', () =>
  onFailure('tokens-call', async () => {
    const list = await call('GET', '/api/employee/record', undefined, secret);
    assert.equal(list.status, 200, list.text);
    const write = await call('POST', '/api/employee/record/register', { code: 'X1', first_name: 'Not allowed' }, secret);
    assert.equal(write.status, 403, write.text);
    assert.equal(write.body.code, 'auth.token_scope');
    assert.equal((await call('GET', '/api/company/leave', undefined, secret)).status, 403);
    assert.equal((await call('GET', '/api/integrations/tokens', undefined, secret)).status, 403);
  }));

test('the screen shows the last use; revoking it there refuses the token at once', () =>
  onFailure('tokens-revoke', async () => {
    const p = ownerB.page;
    await p.reload();
    const used = p.getByTestId('token-row-last-used').first();
    await used.filter({ hasText: 'from' }).waitFor();
    await p.getByTestId('token-revoke').click();
    await p.getByRole('button', { name: 'Revoke' }).last().click();
    await p.getByTestId('token-row-state').filter({ hasText: 'Revoked' }).waitFor();
    const after = await call('GET', '/api/employee/record', undefined, secret);
    assert.equal(after.status, 401, after.text);
  }));

test('at 390 px the tokens screen is a list of cards without sideways scrolling, and works by keyboard', () =>
  onFailure('tokens-phone', async () => {
    const p = ownerB.page;
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/settings/integrations/tokens');
    await p.locator('[data-testid="tokens-table"][data-view="cards"]').waitFor();
    const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await p.getByTestId('token-create').focus();
    await p.keyboard.press('Enter');
    await p.getByTestId('token-name').waitFor();
    await p.keyboard.type('Keyboard token');
    await p.keyboard.press('Escape');
    await p.getByTestId('token-name').waitFor({ state: 'hidden' });
    await p.setViewportSize({ width: 1440, height: 900 });
  }));
