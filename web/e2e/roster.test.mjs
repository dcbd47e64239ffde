// Rosters end to end (issue 13). A company at about noon has an every-day group working
// 08:00–17:00, so a person without a punch is absent today (cut-off 10:00 has passed). The
// owner adds a "Late" shift (13:00–21:00, cut-off 14:00) on the Shifts and rotations screen,
// then on the Roster screen makes today a day off for the person — the daily view says "off
// day" — then the Late shift — the daily view says "open" (its cut-off is still to come).
// Copying the week puts the entry on the same day of the next week. At 390 px both screens
// have no sideways page scroll (the grid scrolls in its own box) and pass axe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, choose, noonZone, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `roster-owner-${stamp}@company.test`, password: 'company-pass-1' };
const person = { code: `R${stamp % 100000}`, first: 'Aida', last: `Roster${stamp % 1000}` };
const timezone = noonZone();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (ds, n) => {
  const [y, m, d] = ds.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

let server;
let ownerB;
let ownerToken;
let personId;

before(async () => {
  server = await startServer();
  ownerB = await startBrowser(server.baseURL);
});

after(async () => {
  await ownerB?.close();
  await server?.stop();
});

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '-owner': ownerB?.page }), fn);
const call = (method, path, body, token = ownerToken) => apiCall(server.baseURL, method, path, body, token);

test('set-up through the API: a company at noon, an every-day group, one employee', () =>
  onFailure('roster-setup', async () => {
    const reg = await call('POST', '/api/auth/register', {
      name: 'Rosa Owner', email: owner.email, company_size: '25', employer: `Jadual ${stamp % 10000}`, password: owner.password, timezone, terms: true,
    }, null);
    assert.equal(reg.status, 201, reg.text);
    ownerToken = reg.body.data.access_token;
    const group = await call('POST', '/api/group/record/register', { name: `Every day ${stamp % 1000}`, time_in: '08:00', cut_off_time_in: '10:00', time_out: '17:00', cut_off_time_out: '23:00', effective_from: addDays(today, -30) });
    assert.equal(group.status, 201, group.text);
    const schedule = await call('POST', '/api/group/schedule', { id: group.body.data.id, days: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 })), effective_from: addDays(today, -30) });
    assert.ok(schedule.status < 300, schedule.text);
    const r = await call('POST', '/api/employee/record/register', { code: person.code, first_name: person.first, last_name: person.last });
    assert.equal(r.status, 201, r.text);
    personId = r.body.data.id;
    const members = await call('POST', '/api/group/employees', { group_id: group.body.data.id, employees: [personId], effective_from: addDays(today, -30) });
    assert.ok(members.status < 300, members.text);
    await signIn(ownerB.page, owner.email, owner.password);
  }));

async function dailyStatus(page) {
  await page.goto(`/company/employee/attendance?date=${today}`);
  const row = page.getByTestId('daily-table').locator('tr', { hasText: `${person.first} ${person.last}` });
  await row.first().waitFor();
  return row.first();
}


test('the owner adds a Late shift on the Shifts and rotations screen', () =>
  onFailure('roster-shift', async () => {
    const page = ownerB.page;
    await page.goto('/attendance/patterns');
    await page.getByTestId('shift-name').fill('Late');
    for (const [f, v] of [['time_in', '13:00'], ['cut_off_time_in', '14:00'], ['time_out', '21:00'], ['cut_off_time_out', '23:00']]) {
      await page.getByTestId(`shift-${f}`).fill(v);
    }
    await page.getByTestId('shift-add').click();
    await page.getByTestId('shifts-table').getByText('Late', { exact: true }).waitFor();
  }));

test('the roster week drives the daily view: weekly schedule → day off → Late shift', () =>
  onFailure('roster-week', async () => {
    const page = ownerB.page;
    let row = await dailyStatus(page);
    await row.getByTestId('status-absent').waitFor();

    await page.goto('/attendance/roster');
    await settled(page);
    const cell = page.locator(`[data-testid="roster-row"][data-person="${personId}"] [data-testid="roster-cell"][data-date="${today}"]`);
    assert.equal(await cell.getAttribute('data-source'), 'weekly');
    await choose(page, cell.getByTestId('roster-select'), 'Day off');
    await page.locator(`[data-testid="roster-row"][data-person="${personId}"] [data-testid="roster-cell"][data-date="${today}"][data-source="roster"]`).waitFor();
    row = await dailyStatus(page);
    await row.getByTestId('status-off_day').waitFor();

    await page.goto('/attendance/roster');
    await settled(page);
    await choose(page, cell.getByTestId('roster-select'), 'Late (13:00–21:00)');
    await cell.locator('.ant-typography-secondary', { hasText: '13:00–21:00' }).waitFor();
    row = await dailyStatus(page);
    await row.getByTestId('status-open').waitFor();
  }));

test('copy the week onto the next', () =>
  onFailure('roster-copy', async () => {
    const page = ownerB.page;
    await page.goto('/attendance/roster');
    await settled(page);
    await page.getByTestId('roster-copy').click();
    await page.getByTestId('roster-next').click();
    await page.locator(`[data-testid="roster-row"][data-person="${personId}"] [data-testid="roster-cell"][data-date="${addDays(today, 7)}"][data-source="roster"]`).waitFor();
  }));

test('at 390 px: no sideways page scroll, the grid scrolls in its own box, axe passes', () =>
  onFailure('roster-phone', async () => {
    const page = ownerB.page;
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/attendance/roster', '/attendance/patterns']) {
      await page.goto(path);
      await settled(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      assert.ok(scrollWidth <= innerWidth, `${path} is ${scrollWidth} px wide at ${innerWidth}`);
      if (path === '/attendance/roster') {
        const box = await page.getByTestId('roster-grid').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
        assert.ok(box.sw > box.cw, `the grid does not scroll in its box: ${JSON.stringify(box)}`);
      }
      const v = await axeViolations(page);
      assert.deepEqual(v, [], `${path}:\n${v.join('\n')}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }));
