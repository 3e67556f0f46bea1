// The service worker of Queens & Stones (issue 41.2): the first visit keeps every file of
// the site in the browser's cache storage, so the next visit starts without a network.
//
// Updates: scripts/web.sh writes a hash of the site's files into VERSION, so a new build
// is a new sw.js. The browser compares sw.js on each visit (bypassing its HTTP cache);
// a new one downloads the new files into a cache of their own while the open pages keep
// running the version they started with (a page and its Web Workers must load the same
// queens.js and module), and takes over once no page of the old version is open: the
// visit after that starts the new version. Old caches are deleted then.
const VERSION = '__QUEENS_VERSION__';
const CACHE = `queens-${VERSION}`;
const FILES = ['./', 'queens.js', 'queens_bg.wasm', 'worker.js', 'favicon.png',
  'manifest.webmanifest', 'icon-192.png', 'icon-512.png'];

self.addEventListener('install', (event) => {
  // `reload`: the files from the server, not from the browser's HTTP cache (which may
  // still hold the previous version's).
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys
      .filter((key) => key.startsWith('queens-') && key !== CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A visit to the page (any address of it: index.html, a query) is the page.
    const key = request.mode === 'navigate' ? './' : request;
    const kept = await cache.match(key, { ignoreSearch: true });
    return kept ?? fetch(request);
  })());
});
