// Saved reports end to end (issue 15): a company owner saves the daily attendance report from
// its screen with a daily schedule and themselves as recipient; the Saved reports screen lists
// it; "Send now" delivers an e-mail with the xlsx attached to a real SMTP peer. The leave
// statistics screen downloads its year as a file and is saved as a report that is sent as a PDF.
// At 390 and 1440 px the screens and the edit dialog do not scroll sideways and pass axe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';
import { startSmtpPeer } from './smtp-peer.mjs';

const stamp = Date.now();
const owner = { email: `saved-owner-${stamp}@company.test`, password: 'company-pass-1' };

let server;
let smtp;
let ownerB;

before(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ HADIR_SMTP_URL: smtp.url });
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  await ownerB?.close();
  await server?.stop();
  await smtp?.close?.();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page }), fn);
const call = (method, path, body, token) => apiCall(server.baseURL, method, path, body, token);

test('the owner saves the daily report with a schedule and sends it now; the xlsx arrives', () =>
  onFailure('saved-reports-create', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Sara Owner', email: owner.email, company_size: '25', employer: `Report Works ${stamp % 10000}`, password: owner.password,
      timezone: 'Asia/Kuala_Lumpur', terms: true, start_empty: true,
    });
    assert.equal(reg.status, 201, reg.text);
    const token = reg.body.data.access_token;
    const person = await call('POST', '/api/employee/record/register', { code: 'S1', first_name: 'Siti', last_name: 'Laporan' }, token);
    assert.equal(person.status, 201, person.text);
    const p = ownerB.page;
    await signIn(p, owner.email, owner.password);
    await p.goto('/company/employee/attendance');
    await p.getByTestId('save-report').click();
    await p.getByTestId('saved-report-name').fill('Office daily');
    await choose(p, 'saved-report-schedule', 'Every day');
    await p.getByTestId('saved-report-run-time').fill('18:30');
    await choose(p, 'saved-report-recipients', owner.email);
    await p.getByTestId('saved-report-submit').click();
    await p.getByText('Report saved.').waitFor();

    await p.goto('/reports/saved');
    await p.getByTestId('saved-report-row-name').filter({ hasText: 'Office daily' }).waitFor();
    assert.equal((await p.getByTestId('saved-report-row-schedule').first().textContent()).trim(), 'Every day at 18:30');
    await p.getByTestId('saved-report-send').first().click();
    await p.getByText('E-mailed to 1 person.').waitFor();
    const m = await smtp.waitFor(owner.email, (x) => x.data.includes('multipart/mixed'));
    assert.match(m.data, /filename="Office daily \d{4}-\d{2}-\d{2}\.xlsx"/);
    assert.match(m.data, /Content-Transfer-Encoding: base64/);
  }));

test('the leave statistics screen downloads its year and is saved as a report that mails a PDF', () =>
  onFailure('saved-reports-leave-statistics', async () => {
    const p = ownerB.page;
    await p.goto('/company/leave/statistics');
    const year = new Date().getFullYear();
    await p.getByTestId('leave-stats-export-xlsx').waitFor();
    const [download] = await Promise.all([p.waitForEvent('download', { timeout: 20_000 }), p.getByTestId('leave-stats-export-xlsx').click()]);
    assert.equal(download.suggestedFilename(), `Leave Statistics ${year}.xlsx`);

    await p.getByTestId('save-report').click();
    await p.getByTestId('saved-report-name').fill('Leave year');
    await choose(p, 'saved-report-format', 'PDF');
    await choose(p, 'saved-report-schedule', 'Every day');
    await choose(p, 'saved-report-recipients', owner.email);
    await p.getByTestId('saved-report-submit').click();
    await p.getByText('Report saved.').waitFor();

    await p.goto('/reports/saved');
    const row = p.locator('tr', { hasText: 'Leave year' });
    await row.getByText('Leave statistics').waitFor();
    await row.getByTestId('saved-report-send').click();
    await p.getByText('E-mailed to 1 person.').waitFor();
    const m = await smtp.waitFor(owner.email, (x) => x.data.includes('filename="Leave year'));
    assert.match(m.data, /filename="Leave year \d{4}-\d{2}-\d{2}\.pdf"/);
    assert.match(m.data, /Content-Type: application\/pdf/);
  }));

test('at 390 and 1440 px the leave statistics screen does not scroll sideways and passes axe', () =>
  onFailure('saved-reports-leave-statistics-sizes', async () => {
    const p = ownerB.page;
    for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      await p.setViewportSize(size);
      await p.goto('/company/leave/statistics');
      await p.getByTestId('leave-stats-export-pdf').waitFor();
      await settled(p);
      const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `at ${size.width} px the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe at ${size.width} px`);
    }
  }));

test('at 390 and 1440 px the saved reports screen and its dialog do not scroll sideways and pass axe', () =>
  onFailure('saved-reports-sizes', async () => {
    const p = ownerB.page;
    for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      await p.setViewportSize(size);
      await p.goto('/reports/saved');
      await p.getByTestId('saved-report-row-name').first().waitFor();
      await settled(p);
      const overflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `at ${size.width} px the page scrolls sideways by ${overflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe at ${size.width} px`);
      await p.getByTestId('saved-report-edit').first().click();
      await p.getByTestId('saved-report-name').waitFor();
      await settled(p);
      const dialogOverflow = await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(dialogOverflow <= 0, `the dialog at ${size.width} px scrolls sideways by ${dialogOverflow} px`);
      assert.deepEqual(await axeViolations(p), [], `axe on the dialog at ${size.width} px`);
      await p.keyboard.press('Escape');
      await p.getByTestId('saved-report-name').waitFor({ state: 'hidden' });
      await settled(p);
    }
  }));
