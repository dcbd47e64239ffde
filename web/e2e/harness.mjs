// Starts the real `hadir` binary on a free port with a fresh data directory, and a headless
// Debian Chromium driven by playwright-core (never a downloaded browser).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, '..');
export const artifactsDir = join(here, '.artifacts');
export const CHROMIUM = process.env.HADIR_CHROMIUM ?? '/usr/bin/chromium';
export const HADIR_BIN = resolve(webDir, process.env.HADIR_BIN ?? '../bin/hadir');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitForHealth(baseURL, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hadir exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`hadir did not answer ${baseURL}/healthz within ${timeoutMs} ms`);
}

/** The demo sign-ins `hadir demo` seeds (internal/demo), one per role and organisation kind. */
export const DEMO_PASSWORD = 'hadir-demo-2026';
export const DEMO_ACCOUNTS = [
  { role: 'school-owner', email: 'admin@school.demo' },
  { role: 'school-admin', email: 'teacher.admin@school.demo' },
  { role: 'school-member', email: 'teacher@school.demo' },
  { role: 'company-owner', email: 'hr@company.demo' },
  { role: 'company-member', email: 'employee@company.demo' },
];

/**
 * Starts `hadir serve` (extra environment, e.g. HADIR_SMTP_URL, on top); call stop() afterwards.
 * With { demo: true } the data directory is first seeded with `hadir demo` (DEMO_ACCOUNTS).
 */
export async function startServer(extraEnv = {}, { demo = false } = {}) {
  if (!existsSync(HADIR_BIN)) {
    throw new Error(
      `hadir binary not found at ${HADIR_BIN}: run \`npm run build\` in web/ and then ` +
        '`go build -o bin/hadir ./cmd/hadir` at the repository root, or set HADIR_BIN',
    );
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'hadir-e2e-data-'));
  mkdirSync(artifactsDir, { recursive: true });
  const logPath = join(artifactsDir, 'hadir.log');
  const log = openSync(logPath, 'w');
  const env = { ...process.env, HADIR_ADDR: `127.0.0.1:${port}`, HADIR_DATA_DIR: dataDir, HADIR_BASE_URL: baseURL, ...extraEnv };
  delete env.HADIR_DATABASE_URL;
  if (demo) {
    const seeded = spawnSync(HADIR_BIN, ['demo'], { env, encoding: 'utf8', timeout: 120_000 });
    if (seeded.status !== 0) throw new Error(`hadir demo failed (${seeded.status}):\n${seeded.stdout}\n${seeded.stderr}`);
  }
  const child = spawn(HADIR_BIN, ['serve'], { env, stdio: ['ignore', log, log] });
  try {
    await waitForHealth(baseURL, child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${e.message}\n--- hadir log ---\n${readFileSync(logPath, 'utf8')}`);
  }
  return {
    baseURL,
    logPath,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Content-Security-Policy violations seen in any page of any browser of this process. The
// app must run under its strict policy (issue 9 D11), so screenshotOnFailure fails the test
// step during which one happened.
const cspViolations = [];
const CSP_MESSAGE = /Content Security Policy|Content-Security-Policy|CSP violation|Permissions-Policy/i;

function watchPolicy(page) {
  page.on('console', (msg) => {
    const text = msg.text();
    if (CSP_MESSAGE.test(text)) cspViolations.push(`${page.url()}: ${text}`);
  });
}

/** Returns and forgets the policy violations seen so far. */
export function takeCSPViolations() {
  return cspViolations.splice(0);
}

/** A fresh persistent browser profile in a temporary directory; close() cleans up. */
export async function startBrowser(baseURL) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'hadir-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  context.setDefaultTimeout(15_000);
  // Reports every violation, also those the browser does not log (e.g. in workers).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  context.on('page', watchPolicy);
  context.pages().forEach(watchPolicy);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a test step; it fails on any Content-Security-Policy violation in the browser. When it fails, saves a full-page screenshot of each page (by file-name
 * suffix) under .artifacts, calls onError (for extra hints), and fails with the error.
 */
export async function screenshotOnFailure(name, pages, fn, onError) {
  try {
    await fn();
    const violations = takeCSPViolations();
    if (violations.length) {
      throw new Error(`the browser reported Content-Security-Policy violations:\n${violations.join('\n')}`);
    }
  } catch (e) {
    mkdirSync(artifactsDir, { recursive: true });
    for (const [suffix, p] of Object.entries(pages())) {
      await p?.screenshot({ path: join(artifactsDir, `${name}${suffix}.png`), fullPage: true }).catch(() => {});
    }
    onError?.();
    throw e;
  }
}

/** An Etc/GMT zone whose local hour is 12 now (Etc/GMT-5 is UTC+5): tests that depend on the
 * time of day put their organisation there, so they pass whatever the machine's clock says. */
export function noonZone(now = new Date()) {
  return zoneAtHour(12, now);
}

/** An Etc/GMT zone whose local hour is `hour` now (noonZone is zoneAtHour(12)). */
export function zoneAtHour(hour, now = new Date()) {
  const offset = ((hour - now.getUTCHours() + 36) % 24) - 12;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Signs a page in through the login form and waits for the signed-in landing page. */
export async function signIn(p, email, password) {
  await p.goto('/login');
  await p.getByTestId('login-email').fill(email);
  await p.getByTestId('login-password').fill(password);
  await p.getByTestId('login-submit').click();
  await p.waitForURL(/\/(dashboard|personal\/profile)/);
}

/** Calls the API of a server with a JSON body and an optional bearer token. */
export async function apiCall(baseURL, method, path, body, token) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/**
 * Picks an option of an antd Select by its visible text. trigger is the Select's test id or a
 * Locator. The option is looked for in this Select's own list (the one its combobox controls),
 * never in another Select's list that is still closing. On a loaded machine a click can land
 * while the list is still opening and choose nothing, so the choice is checked (the Select
 * shows `shown`, by default the option's text) and made again, at most three times; an
 * option already chosen in a multiple Select is not clicked again (that would remove it).
 */
export async function choose(page, trigger, text, { shown = text } = {}) {
  const select = typeof trigger === 'string' ? page.getByTestId(trigger) : trigger;
  const combo = select.locator('[role="combobox"]').first();
  const has = async (timeout) =>
    select
      .evaluate((el, want) => el.innerText.includes(want), shown)
      .then(async (yes) => {
        if (yes || !timeout) return yes;
        return page
          .waitForFunction(([el, want]) => el.innerText.includes(want), [await select.elementHandle(), shown], { timeout, polling: 100 })
          .then(() => true, () => false);
      });
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && (await has(0))) return; // a late render of the first click
    if ((await combo.getAttribute('aria-expanded')) !== 'true') await select.click();
    await page.waitForFunction((el) => el.getAttribute('aria-controls'), await combo.elementHandle(), { timeout: 10_000, polling: 50 });
    const listId = await combo.getAttribute('aria-controls');
    const list = page.locator('.ant-select-dropdown', { has: page.locator(`[id="${listId}"]`) });
    await list.locator('.ant-select-item-option', { hasText: text }).first().click();
    if (await has(3000)) return;
    if (attempt >= 3) throw new Error(`the option "${text}" could not be chosen`);
  }
}

/** Waits until the screen has stopped loading: no spinner or skeleton for 300 ms. */
export async function settled(page) {
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('.page-loader, .ant-spin-spinning, .ant-skeleton-active');
      const now = performance.now();
      const w = window;
      if (busy) {
        w.__quietSince = undefined;
        return false;
      }
      w.__quietSince ??= now;
      return now - w.__quietSince > 300;
    },
    null,
    { timeout: 15_000, polling: 100 },
  );
}

/** Moves to path inside the app, as a link would (no reload); false if it never settled. */
export async function go(page, path) {
  await page.evaluate((p) => {
    window.__quietSince = undefined;
    history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  return settled(page).then(
    () => true,
    () => false,
  );
}

/** The concrete paths of the app's route table (read from the app, so new routes are walked). */
export async function routePaths(page) {
  const paths = await page.evaluate(() => window.__hadirRoutePaths());
  return paths.filter((p) => p !== '/' && p.startsWith('/'));
}

/**
 * Opens every path of the route table in turn (no reload) and calls visit(path, settledOk)
 * on each; the walk the phone and accessibility tests share.
 */
export async function walkRoutes(page, visit) {
  for (const path of await routePaths(page)) {
    await visit(path, await go(page, path));
  }
}

const AXE_SOURCE = readFileSync(join(webDir, 'node_modules/axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and returns one line per
 * violating element: "rule (impact) target: summary". The script is evaluated through the
 * DevTools protocol, so the app's Content-Security-Policy does not have to allow it.
 */
export async function axeViolations(page) {
  // Fading elements have the contrast of a frame of their animation: measure at rest.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, {
      timeout: 3000,
      polling: 100,
    })
    .catch(() => {});
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      window.axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary })) }))),
    AXE_TAGS,
  );
  const out = [];
  for (const v of violations) {
    for (const n of v.nodes) out.push(`${v.id} (${v.impact}) ${n.target} ${n.html.replace(/\s+/g, ' ').slice(0, 140)}: ${(n.summary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  return out;
}
