// The installable app (issue 11): writes, after the bundle, the service worker (dist/sw.js,
// from build/service-worker.js with this build's version and app shell), and the offline
// page with its texts in the seven languages (src/locales/<lng>/offline.json, a namespace the
// app itself never loads: it is there so that check-locales holds it to the same standard).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface OfflineTexts {
  title: string;
  message: string;
  retry: string;
}

/** The offline page's texts per stored language code (en, ms, ch, …). */
function offlineTexts(localesDir: string): Record<string, OfflineTexts> {
  const out: Record<string, OfflineTexts> = {};
  for (const lng of readdirSync(localesDir)) {
    out[lng] = JSON.parse(readFileSync(join(localesDir, lng, 'offline.json'), 'utf8'));
  }
  return out;
}

const escapeHTML = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Writes sw.js, offline.html and offline.js into outDir, which holds the built index.html. */
export function writePWA(outDir: string, buildDir: string, localesDir: string) {
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  // The app shell: the scripts, module preloads and styles index.html loads.
  const shell = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const version = createHash('sha256').update(index).digest('hex').slice(0, 12);
  const sw = readFileSync(join(buildDir, 'service-worker.js'), 'utf8')
    .replace('__VERSION__', version)
    .replace('__SHELL__', JSON.stringify(['/offline.js', '/icons/icon-192.png', ...new Set(shell)]));
  writeFileSync(join(outDir, 'sw.js'), sw);

  const texts = offlineTexts(localesDir);
  const en = texts.en;
  writeFileSync(
    join(outDir, 'offline.html'),
    readFileSync(join(buildDir, 'offline.html'), 'utf8')
      .replace('__TITLE__', escapeHTML(en.title))
      .replace('__MESSAGE__', escapeHTML(en.message))
      .replace('__RETRY__', escapeHTML(en.retry)),
  );
  // The page is static and the policy forbids inline scripts: this file picks the language
  // the app stored (localStorage "language") and retries when the network is back.
  writeFileSync(
    join(outDir, 'offline.js'),
    `(function () {
  var texts = ${JSON.stringify(texts)};
  var html = { en: 'en', ms: 'ms', ch: 'zh', es: 'es', jp: 'ja', de: 'de', fr: 'fr' };
  var lng = 'en';
  try { lng = localStorage.getItem('language') || 'en'; } catch (e) {}
  var t = texts[lng] || texts.en;
  document.documentElement.lang = html[lng] || 'en';
  document.getElementById('offline-title').textContent = t.title;
  document.getElementById('offline-message').textContent = t.message;
  document.getElementById('offline-retry').textContent = t.retry;
  document.title = t.title + ' · Hadir';
  function retry() { location.reload(); }
  document.getElementById('offline-retry').addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
`,
  );
}
