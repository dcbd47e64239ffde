// Issue 11 "Installable app (PWA)": the manifest is served and valid, the service worker
// registers and caches the shell, never an API answer, and a reload while offline shows the
// offline page (in the language the user chose).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import { screenshotOnFailure, startBrowser, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await startBrowser(server.baseURL);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the manifest is served, valid and linked, with 192 and 512 px maskable icons', () =>
  screenshotOnFailure('pwa-manifest', () => ({ '': browser.page }), async () => {
    const res = await fetch(`${server.baseURL}/manifest.webmanifest`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/manifest\+json/);
    const m = await res.json();
    for (const key of ['name', 'short_name', 'start_url', 'display', 'theme_color', 'background_color']) assert.ok(m[key], `manifest lacks ${key}`);
    assert.equal(m.display, 'standalone');
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        const icon = m.icons.find((i) => i.sizes === size && i.purpose.split(' ').includes(purpose));
        assert.ok(icon, `no ${purpose} icon of ${size}`);
        const img = await fetch(`${server.baseURL}${icon.src}`);
        assert.equal(img.status, 200);
        assert.equal(img.headers.get('content-type'), 'image/png');
        const bytes = Buffer.from(await img.arrayBuffer());
        assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
        assert.equal(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, size);
      }
    }
    const page = browser.page;
    await page.goto('/login');
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest');
    // Chromium's own reading of the manifest: no errors.
    const cdp = await browser.context.newCDPSession(page);
    const { errors, url } = await cdp.send('Page.getAppManifest');
    assert.ok(url.endsWith('/manifest.webmanifest'), url);
    assert.deepEqual(errors, []);
  }));

test('the service worker registers, caches the shell but no API answer, and an offline reload shows the offline page', () =>
  screenshotOnFailure('pwa-offline', () => ({ '': browser.page }), async () => {
    const page = browser.page;
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('language', 'ms'));
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
    const state = await page.evaluate(async () => {
      // ready resolves once a worker is active, which may still be 'activating': wait for
      // 'activated' (a run on a clean clone caught it in between).
      const reg = await navigator.serviceWorker.ready;
      const sw = reg.active;
      if (sw && sw.state === 'activating') {
        await new Promise((done) => sw.addEventListener('statechange', () => sw.state !== 'activating' && done()));
      }
      return { scope: reg.scope, active: reg.active?.state };
    });
    assert.equal(state.scope, `${server.baseURL}/`);
    assert.equal(state.active, 'activated');
    // An API call made under the worker is not cached.
    await page.evaluate(() => fetch('/api/ref/company/type').catch(() => {}));
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = [];
      for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
      return { names, urls };
    });
    assert.ok(cached.names.length === 1 && cached.names[0].startsWith('hadir-'), `caches ${cached.names}`);
    assert.ok(cached.urls.includes('/offline.html'), 'the offline page is not cached');
    assert.ok(cached.urls.some((u) => /^\/assets\/index-.*\.js$/.test(u)), `the app's entry is not cached: ${cached.urls.join(', ')}`);
    assert.deepEqual(cached.urls.filter((u) => u.startsWith('/api/')), []);
    // Offline: the reload shows the offline page, in Malay.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('offline-page').waitFor();
      await page.waitForFunction(() => document.documentElement.lang === 'ms');
      assert.equal(await page.locator('#offline-title').textContent(), 'Anda di luar talian');
    } finally {
      await browser.context.setOffline(false);
    }
    // Back online, the app loads again.
    await page.reload();
    await page.getByTestId('login-submit').waitFor();
  }));

// The next release, as a tab left open sees it: a proxy in front of this server passes every
// request through, and once "deployed" serves the service worker with one line more (a new
// build changes sw.js, whose cache name follows the build).
async function releaseProxy(target) {
  let deployed = false;
  const proxy = createServer((req, res) => {
    const swap = deployed && req.url.split('?')[0] === '/sw.js';
    const headers = { ...req.headers, host: new URL(target).host };
    if (swap) headers['accept-encoding'] = 'identity';
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers }, (up) => {
      if (swap) {
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat([Buffer.concat(chunks), Buffer.from('\n// the next release\n')]);
          const headers = { ...up.headers, 'content-length': String(body.length) };
          delete headers.etag;
          delete headers['last-modified'];
          res.writeHead(up.statusCode, headers);
          res.end(body);
        });
        return;
      }
      res.writeHead(up.statusCode, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((done) => proxy.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${proxy.address().port}`,
    deploy: () => {
      deployed = true;
    },
    close: () => new Promise((done) => proxy.close(done)),
  };
}

test('a new version deployed is announced, and Reload lets it take over the page', async () => {
  const release = await releaseProxy(server.baseURL);
  const second = await startBrowser(release.url);
  try {
    await screenshotOnFailure('pwa-update', () => ({ '': second.page }), async () => {
      const page = second.page;
      await page.goto('/login');
      await page.getByTestId('login-submit').waitFor();
      await page.waitForFunction(() => !!navigator.serviceWorker.controller);
      assert.equal(await page.getByTestId('app-update').count(), 0, 'an update is offered before any release');
      release.deploy();
      // The tab comes back into view (or the browser's own check runs): it looks for an update.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await page.getByTestId('app-update').waitFor();
      const reloaded = page.waitForEvent('load');
      await page.getByTestId('app-update-reload').click();
      await reloaded;
      await page.getByTestId('login-submit').waitFor();
      const after = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: !!reg.waiting, active: reg.active?.state, controlled: !!navigator.serviceWorker.controller };
      });
      assert.deepEqual(after, { waiting: false, active: 'activated', controlled: true });
      assert.equal(await page.getByTestId('app-update').count(), 0, 'the notice is still shown after the reload');
    });
  } finally {
    await second.close();
    await release.close();
  }
});
