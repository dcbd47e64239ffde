// Webhooks end to end (issue 15): a company owner adds a webhook on the settings screen (the
// signing secret is shown once) pointing at a real HTTP receiver in this test; adding a
// person through the API reaches the receiver, signed with that secret; the screen's delivery
// log shows it delivered (200) and sends it again on request. At 390 and 1440 px the screen
// does not scroll sideways, passes axe, and the add form works by keyboard.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { apiCall, axeViolations, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `hooks-owner-${stamp}@company.test`, password: 'company-pass-1' };

let server;
let ownerB;
let receiver;
let receiverURL;
let secret;
const got = []; // { event, valid, body }

before(async () => {
  server = await startServer({ HADIR_WEBHOOK_ALLOW_NETS: '127.0.0.0/8' }); // the receiver is on loopback
  ownerB = await startBrowser(server.baseURL);
  receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ts = req.headers['x-hadir-timestamp'];
      const want = 'sha256=' + createHmac('sha256', secret ?? '').update(`${ts}.`).update(body).digest('hex');
      got.push({ event: req.headers['x-hadir-event'], valid: want === req.headers['x-hadir-signature'], body: JSON.parse(body.toString()) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverURL = `http://127.0.0.1:${receiver.address().port}/hadir`;
});

after(async () => {
  await ownerB?.close();
  await server?.stop();
  receiver?.close();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page }), fn);
const call = (method, path, body, token) => apiCall(server.baseURL, method, path, body, token);

test('the owner adds a webhook on the screen; a new person reaches the receiver, signed', () =>
  onFailure('webhooks-create', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Hana Owner', email: owner.email, company_size: '25', employer: `Hook Works ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true,
    });
    assert.equal(reg.status, 201, reg.text);
    const token = reg.body.data.access_token;
    const p = ownerB.page;
    await signIn(p, owner.email, owner.password);
    await p.goto('/settings/integrations/webhooks');
    await p.getByTestId('webhook-create').click();
    await p.getByTestId('webhook-url').fill(receiverURL);
    await p.getByRole('checkbox', { name: 'Person added' }).check();
    await p.getByTestId('webhook-submit').click();
    const shown = p.getByTestId('webhook-secret');
    await shown.waitFor();
    secret = (await shown.textContent()).trim();
    assert.match(secret, /^whsec_/);
    await p.getByTestId('webhook-submit').click();
    await p.getByTestId('webhook-row-url').filter({ hasText: receiverURL }).waitFor();

    const person = await call('POST', '/api/employee/record/register', { code: 'H1', first_name: 'Hook', last_name: 'Person' }, token);
    assert.equal(person.status, 201, person.text);
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(got.length, 1, 'the receiver got the event');
    assert.equal(got[0].event, 'person.created');
    assert.ok(got[0].valid, 'the signature verifies with the secret shown once');
    assert.equal(got[0].body.data.first_name, 'Hook');

    await p.getByTestId('webhook-log').first().click();
    await p.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
    await p.getByTestId('delivery-redeliver').first().click();
    for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(got.length, 2, 'the redelivery reached the receiver');
    assert.ok(got[1].valid);
    await p.keyboard.press('Escape');
  }));

test('at 390 and 1440 px the webhooks screen does not scroll sideways, passes axe, and works by keyboard', () =>
  onFailure('webhooks-sizes', async () => {
    const p = ownerB.page;
    for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      await p.setViewportSize(size);
      await p.goto('/settings/integrations/webhooks');
      await p.getByTestId('webhook-row-url').first().waitFor();
      await settled(p);
      const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `at ${size.width} px the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe at ${size.width} px`);
      await p.getByTestId('webhook-log').first().click();
      await p.getByTestId('delivery-status').first().waitFor();
      await settled(p);
      const drawerOverflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(drawerOverflow <= 0, `the log at ${size.width} px scrolls sideways by ${drawerOverflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe on the log at ${size.width} px`);
      await p.keyboard.press('Escape');
      // The closed drawer gives the focus back to its button when its animation ends: wait for
      // that, or it takes the focus from whatever opens next.
      await p.getByTestId('delivery-status').first().waitFor({ state: 'hidden' });
      await settled(p);
    }
    await p.getByTestId('webhook-create').focus();
    await p.keyboard.press('Enter');
    await p.getByTestId('webhook-url').waitFor();
    await settled(p);
    await p.waitForTimeout(1500); // the dialog's own focus handling ends after its animation
    // Tab to the address (the dialog may hold the focus on its close button), type it, leave.
    for (let i = 0; i < 6; i++) {
      if (await p.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'webhook-url')) break;
      await p.keyboard.press('Tab');
    }
    await p.keyboard.type('https://keyboard.example.com/in');
    assert.equal(await p.getByTestId('webhook-url').inputValue(), 'https://keyboard.example.com/in');
    await p.keyboard.press('Escape');
    await p.getByTestId('webhook-url').waitFor({ state: 'hidden' });
  }));
