// Issue 17, the rest of WCAG 2.1 AA that axe cannot see:
// - 1.4.10 reflow and 1.4.12 text spacing: at 320 CSS px (1280 px at 400 % zoom), with the
//   text spacing of 1.4.12 forced on every element (line height 1.5, paragraphs 2 em apart,
//   letters 0.12 em, words 0.16 em), the main screens scroll no page sideways and no control's
//   text is cut off (a button's content wider than its box).
// - 2.4.2 page titled: every screen of the route table sets a title naming it, in the user's
//   language, and two screens that show different headings do not share a title.
// - 3.3.1 errors identified: a form sent with a required field empty marks that field invalid
//   and ties the message to it (aria-invalid, aria-describedby).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, go, routePaths, screenshotOnFailure, settled, signIn, startBrowser, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({}, { demo: true });
  browser = await startBrowser(server.baseURL);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXT_SPACING = `
  *, *::before, *::after { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }`;

/** Forces the 1.4.12 spacing with a style element (through the DevTools protocol, so the
 * Content-Security-Policy does not apply to it), as a reader's style sheet would. */
async function forceTextSpacing(page) {
  await page.evaluate((css) => {
    if (document.getElementById('wcag-text-spacing')) return;
    const s = document.createElement('style');
    s.id = 'wcag-text-spacing';
    s.textContent = css;
    document.head.append(s);
  }, TEXT_SPACING);
}

/** The page's sideways scroll and the controls whose text does not fit, at the current size. */
async function reflowProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const inner = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > inner + 1) {
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > inner + 1 && !el.closest('.ant-table-content, .ant-table-body, [data-scroll-box]'))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}`);
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${inner} (${wide.join(', ')})`);
    }
    for (const el of document.querySelectorAll('button, [role="button"], .ant-btn, .ant-segmented-item-label, .ant-tabs-tab-btn, .ant-menu-title-content')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // Scroll boxes (a table wider than the screen) are allowed; a cut control is not.
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`cut: <${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? ''}> "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    return out;
  });
}

const MAIN_SCREENS = {
  'school-owner': ['/dashboard', '/school/teacher/list', '/school/leave/application/teacher', '/school/management/attendance/teacher/daily', '/school/management/attendance/teacher/monthly', '/approvals'],
  'company-owner': ['/dashboard', '/company/employee/list', '/company/leave/application', '/company/employee/attendance/daily', '/company/employee/attendance/monthly'],
  'company-member': ['/dashboard', '/personal/leave/application', '/personal/attendance', '/personal/clock', '/personal/profile', '/calendar'],
};

async function signInAs(page, role) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, account.email, DEMO_PASSWORD);
  await page.locator('.app-shell').waitFor();
  await settled(page);
}

test('at 320 px with WCAG text spacing the main screens reflow and no control text is cut', () =>
  screenshotOnFailure('reflow-320', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    const problems = [];
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/login');
    await settled(page);
    await forceTextSpacing(page);
    for (const p of await reflowProblems(page)) problems.push(`/login: ${p}`);
    for (const [role, screens] of Object.entries(MAIN_SCREENS)) {
      await signInAs(page, role);
      await forceTextSpacing(page);
      for (const path of screens) {
        assert.ok(await go(page, path), `${role}: ${path} did not settle`);
        for (const p of await reflowProblems(page)) problems.push(`${role} ${path}: ${p}`);
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  }));

test('every screen of the route table has a title naming it, translated', () =>
  screenshotOnFailure('titles', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems = [];
    for (const role of ['school-owner', 'company-owner', 'company-member']) {
      await signInAs(page, role);
      const byTitle = new Map();
      for (const path of await routePaths(page)) {
        await go(page, path);
        // A screen inside the shell names itself by its heading once its code has loaded.
        await page
          .waitForFunction(() => !document.getElementById('main-content') || document.querySelector('#main-content h1, #main-content h2, #main-content h3, #main-content h4'), null, { timeout: 5000 })
          .catch(() => {});
        const s = await page.evaluate(() => ({
          now: location.pathname,
          title: document.title,
          heading: document.querySelector('#main-content h1, #main-content h2, #main-content h3, #main-content h4')?.textContent?.trim() ?? '',
          view: [...document.querySelectorAll('#main-content .ant-tabs-tab-active, #main-content .ant-segmented-item-selected')].map((e) => e.textContent.trim()).join('/'),
        }));
        if (!s.title.endsWith(' · Hadir') || s.title === ' · Hadir') problems.push(`${role} ${path} (${s.now}): title "${s.title}" does not name the screen`);
        const screen = `${s.heading} [${s.view}]`;
        const seen = byTitle.get(s.title);
        if (seen && seen.screen !== screen) problems.push(`${role}: "${s.title}" on ${seen.path} (${seen.screen}) and on ${s.now} (${screen})`);
        if (!seen) byTitle.set(s.title, { screen, path: s.now });
      }
      assert.ok(byTitle.size > 10, `${role}: only ${byTitle.size} titles`);
    }
    // In another language the title follows (the language menu stores the choice).
    await go(page, '/personal/leave/application');
    const english = await page.title();
    await page.evaluate(() => localStorage.setItem('language', 'ms'));
    await page.reload();
    await settled(page);
    await page.waitForFunction((en) => document.title !== en, english, { timeout: 15_000 }).catch(() => {});
    const malay = await page.title();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    assert.notEqual(malay, english, 'the title did not follow the language');
    assert.match(malay, /Cuti/, `the Malay title "${malay}" does not name the leave screen`);
    assert.deepEqual(problems, [], problems.join('\n'));
  }));

test('a required field left empty is marked invalid and its message tied to it', () =>
  screenshotOnFailure('form-errors', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'company-member');
    assert.ok(await go(page, '/personal/leave/application'));
    await page.getByTestId('leave-apply-open').press('Enter');
    await page.getByTestId('leave-apply-form').waitFor();
    await page.getByTestId('leave-apply-submit').press('Enter');
    await page.locator('[data-testid="leave-apply-form"] .ant-form-item-explain-error').first().waitFor();
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="leave-apply-form"] .ant-form-item-has-error')].map((item) => {
        const control = item.querySelector('input, textarea, [role="combobox"]');
        const described = (control?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const text = described.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
        return { label: item.querySelector('label')?.textContent, invalid: control?.getAttribute('aria-invalid'), text, error: item.querySelector('.ant-form-item-explain-error')?.textContent };
      }),
    );
    assert.ok(fields.length >= 2, `expected the type and the first day in error: ${JSON.stringify(fields)}`);
    for (const f of fields) {
      assert.equal(f.invalid, 'true', `${f.label}: not aria-invalid`);
      assert.ok(f.error && f.text.includes(f.error), `${f.label}: the message "${f.error}" is not tied to the field (described by "${f.text}")`);
    }
    await page.keyboard.press('Escape');
  }));
