// The dashboard before the cut-off, and the 30-day chart's labels (issue 10).
//
// The company's zone is one where it is about 06:00 now, so today's cut-off (10:00) is still
// ahead whatever the machine's clock says: nobody's day is decided yet, and the dashboard must
// say so instead of drawing empty charts. Its people joined their group five weeks ago, so the
// chart has weeks of bars under its labels. A third person is in no group: the dashboard counts
// her apart as "no schedule" and lists her with the way to the group page (issue 13).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, axeViolations, screenshotOnFailure, signIn, startBrowser, startServer, zoneAtHour } from './harness.mjs';

const stamp = Date.now();
const owner = { email: `dash-${stamp}@company.test`, password: 'company-pass-1' };
const people = [
  { code: `M${stamp % 100000}`, first: 'Aina', last: 'Pagi' },
  { code: `N${stamp % 100000}`, first: 'Bala', last: 'Subuh' },
];
const loner = { code: `L${stamp % 100000}`, first: 'Cahaya', last: 'Tiada' };
const timezone = zoneAtHour(6);

function dateIn(zone, offsetDays = 0) {
  const d = new Date(Date.now() + offsetDays * 86400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

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

const onFailure = (name, fn) => screenshotOnFailure(name, () => ({ '': page }), fn);

test('a company at 06:00 with a group whose cut-off is 10:00', async () => {
  const call = (method, path, body, token) => apiCall(server.baseURL, method, path, body, token);
  const reg = await call('POST', '/api/auth/register', {
    name: 'Dash HR', email: owner.email, company_size: '5', employer: 'Dash Pagi Sdn Bhd', password: owner.password, timezone, terms: true,
  });
  assert.equal(reg.status, 201, reg.text);
  const token = reg.body.data.access_token;
  const ids = [];
  for (const p of people) {
    const r = await call('POST', '/api/employee/record/register', { code: p.code, first_name: p.first, last_name: p.last }, token);
    assert.equal(r.status, 201, r.text);
    ids.push(r.body.data.id);
  }
  const g = await call('POST', '/api/group/record/register', { name: 'Morning', time_in: '08:00', cut_off_time_in: '10:00', time_out: '17:00', cut_off_time_out: '23:00' }, token);
  assert.equal(g.status, 201, g.text);
  const since = dateIn(timezone, -35);
  const days = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, type: 1 }));
  const s = await call('POST', '/api/group/schedule', { id: g.body.data.id, days, effective_from: since }, token);
  assert.equal(s.status, 200, s.text);
  const m = await call('POST', '/api/group/employees', { id: g.body.data.id, employees: ids, effective_from: since }, token);
  assert.equal(m.status, 200, m.text);
  const l = await call('POST', '/api/employee/record/register', { code: loner.code, first_name: loner.first, last_name: loner.last }, token);
  assert.equal(l.status, 201, l.text);
});

test('before the cut-off the dashboard says who is not decided yet, and until when', () =>
  onFailure('dashboard-pending', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, owner.email, owner.password);
    await page.goto('/dashboard');
    const note = page.getByTestId('pending-employee');
    await note.waitFor();
    assert.match(await note.textContent(), /Not decided yet: 2/);
    assert.match(await note.textContent(), /Cut-off 10:00: 2/);
    assert.equal(await page.getByTestId('donut-employee-count-open').textContent(), '2');
    // The slice opens the list of who is still to come, each with the reason.
    await page.getByTestId('donut-employee-legend-open').click();
    const list = page.getByTestId('dashboard-detailed');
    await list.getByTestId('detailed-name').filter({ hasText: `${people[0].first} ${people[0].last}` }).waitFor();
    assert.equal(await list.getByTestId('day-reason').first().textContent(), 'Not decided yet: cut-off 10:00');
    await page.keyboard.press('Escape');
  }));

test('the person in no group is counted apart and listed with the way to a group', () =>
  onFailure('dashboard-no-schedule', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const card = page.getByTestId('no-schedule-employee');
    await card.getByText('1', { exact: true }).waitFor();
    // Not one of the undecided, and not in the chart.
    assert.match(await page.getByTestId('pending-employee').textContent(), /Not decided yet: 2/);
    await card.getByTestId('no-schedule-list-employee').focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('dashboard-detailed');
    await list.getByTestId('detailed-name').filter({ hasText: `${loner.first} ${loner.last}` }).waitFor();
    assert.equal(await list.getByTestId('detailed-name').count(), 1);
    assert.equal(await list.getByTestId('day-reason').first().textContent(), 'No schedule: not in a group with a schedule');
    assert.deepEqual(await axeViolations(page), []);
    await page.getByTestId('no-schedule-assign').click();
    await page.waitForURL('**/company/employee/group');
  }));

/** Every drawn label of the trend chart, as rectangles, with the chart's own. */
async function trendGeometry() {
  return page.getByTestId('trend-employee').evaluate((svg) => {
    const r = (e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, height: b.height, text: e.textContent };
    };
    const card = svg.closest('.ant-card');
    return {
      svg: r(svg),
      card: card ? r(card) : null,
      labels: [...svg.querySelectorAll('[data-testid="trend-label"]')].map(r),
      fontSize: parseFloat(getComputedStyle(svg.querySelector('[data-testid="trend-label"]')).fontSize),
    };
  });
}

for (const [name, width, height] of [
  ['1440', 1440, 900],
  ['390', 390, 844],
]) {
  test(`the 30-day chart's labels are readable and none is clipped at ${name} px`, () =>
    onFailure(`dashboard-trend-${name}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard');
      await page.getByTestId('trend-employee').getByTestId('trend-open').waitFor(); // today, not decided yet
      await page.waitForTimeout(200); // the chart re-measures its box after layout
      const g = await trendGeometry();
      assert.ok(g.labels.length >= 3, `only ${g.labels.length} labels`);
      assert.ok(g.fontSize >= 12, `labels drawn at ${g.fontSize}px`);
      assert.ok(g.svg.right <= g.card.right + 0.5 && g.svg.left >= g.card.left - 0.5, `chart ${JSON.stringify(g.svg)} leaves its card ${JSON.stringify(g.card)}`);
      const sorted = [...g.labels].sort((a, b) => a.left - b.left);
      for (const l of sorted) {
        assert.ok(l.left >= g.svg.left - 0.5 && l.right <= g.svg.right + 0.5 && l.bottom <= g.svg.bottom + 0.5, `label ${l.text} is clipped: ${JSON.stringify(l)} in ${JSON.stringify(g.svg)}`);
      }
      for (let i = 1; i < sorted.length; i++) {
        assert.ok(sorted[i].left >= sorted[i - 1].right + 2, `labels ${sorted[i - 1].text} and ${sorted[i].text} touch`);
      }
    }));
}

test('the daily list explains each undecided day', () =>
  onFailure('dashboard-daily-reason', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/company/employee/attendance/daily');
    const row = page.getByTestId('daily-table').locator('tr', { hasText: people[1].code });
    await row.waitFor();
    assert.equal(await row.getByTestId('day-reason').textContent(), 'Not decided yet: cut-off 10:00');
    await row.click();
    const drawer = page.getByTestId('clock-drawer');
    await drawer.getByTestId('day-reason').filter({ hasText: 'Not decided yet: cut-off 10:00' }).waitFor();
    await page.keyboard.press('Escape');
  }));
