// The audit trail end to end (issue 15): a company owner's changes made through the API show
// on the Audit trail screen with the old → new values, filtered by kind; the CSV export
// downloads; at 390 px the screen is cards without sideways scrolling and each entry's
// changes open by keyboard; axe finds no WCAG 2.1 AA violation at either width.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `audit-owner-${stamp}@company.test`, password: 'company-pass-1' };

let server;
let ownerB;

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

test('changes made through the API show with their old and new values, and export as CSV', () =>
  onFailure('audit-list', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Aminah Owner', email: owner.email, company_size: '25', employer: `Audit Works ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(reg.status, 201, reg.text);
    const login = await call('POST', '/api/auth/login', { email: owner.email, password: owner.password });
    assert.equal(login.status, 200, login.text);
    const token = login.body.data?.access_token ?? login.body.access_token;
    const made = await call('POST', '/api/company/settings/positions', { name: 'Clerk' }, token);
    assert.equal(made.status, 201, made.text);
    const renamed = await call('POST', '/api/company/settings/positions/update', { id: made.body.data.id, name: 'Senior clerk' }, token);
    assert.equal(renamed.status, 200, renamed.text);

    const p = ownerB.page;
    await p.setViewportSize({ width: 1440, height: 900 });
    await signIn(p, owner.email, owner.password);
    await p.goto('/settings/audit?entity=position');
    await p.getByTestId('audit-row-action').first().waitFor({ timeout: 20_000 });
    assert.deepEqual(await p.getByTestId('audit-row-action').allTextContents(), ['Changed', 'Created']);
    assert.equal(await p.getByTestId('audit-row-actor').first().textContent(), 'Aminah Owner');
    await p.getByRole('button', { name: /expand row/i }).first().click();
    const diff = p.getByTestId('audit-diff').first();
    await diff.waitFor();
    const text = await diff.textContent();
    assert.ok(text.includes('Clerk') && text.includes('Senior clerk'), text);
    assert.deepEqual(await axeViolations(p), []);

    const download = p.waitForEvent('download', { timeout: 20_000 });
    await p.getByTestId('audit-export-csv').click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  }));

test('at 390 px the trail is cards without sideways scrolling, and an entry opens its changes by keyboard', () =>
  onFailure('audit-phone', async () => {
    const p = ownerB.page;
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto('/settings/audit?entity=position');
    await p.locator('[data-testid="audit-table"][data-view="cards"]').waitFor({ timeout: 20_000 });
    await settled(p);
    const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
    await p.getByTestId('audit-show-changes').first().focus();
    await p.keyboard.press('Enter');
    const diff = p.getByRole('dialog').getByTestId('audit-diff');
    await diff.waitFor();
    assert.ok((await diff.textContent()).includes('Senior clerk'));
    assert.deepEqual(await axeViolations(p), []);
    await p.keyboard.press('Escape');
    await diff.waitFor({ state: 'hidden' });
    await p.setViewportSize({ width: 1440, height: 900 });
  }));
