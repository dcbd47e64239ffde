// Hadir's service worker (issue 11, "Installable app"), written into dist/sw.js by
// build/pwa.ts with the build's version and the files of the app shell.
//
// - The app shell (index.html's scripts and styles) and the offline page are cached at
//   install; other hashed assets are cached the first time they are fetched. Their names
//   change with their content, so the cached copy is always right.
// - API answers are never cached or even seen: /api/ requests go straight to the network.
// - A page load goes to the network; when that fails the offline page answers.
// - A new version waits until the page asks it to take over ("new version — reload").
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const OFFLINE = '/offline.html';
const CACHE = `hadir-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, ...SHELL])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('hadir-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE, { ignoreSearch: true })));
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/offline') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok && url.pathname.startsWith('/assets/')) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
