/* global self, caches */
/*
 * The service worker of the portal's scanning pages (docs/check-in.md, "The door app"; docs/leads.md,
 * "Scanning at the booth"): it lets such a page open and scan with no network. It is registered once
 * per page, with that page as its scope (/check-in, /leads/scan), and reads which page it serves
 * from its registration, so it controls no other page; it never caches /api/ (answers there carry
 * personal data and tokens, and the pages keep what they need in IndexedDB).
 *
 * - install: the page and the scripts and styles it names are cached;
 * - hashed /assets/* files: from the cache first (a hash never changes its content);
 * - pages under the scope: from the network first, the cached page when there is none;
 * - the page sends the chunks it loaded later (its own code, the scanner's WebAssembly) to be cached.
 */
const SHELL = new URL(self.registration.scope).pathname.replace(/\/$/, '');
/** One cache per page, `check-in-v1` for the door app as before this worker served the booth too. */
const CACHE_PREFIX = `${SHELL.slice(1).replaceAll('/', '-')}-v`;
const CACHE = `${CACHE_PREFIX}1`;
/** The door app's install files: any scanning page may need the icons, and they are small. */
const STATIC = [
  '/check-in.webmanifest',
  '/check-in-icon.svg',
  '/check-in-icon-192.png',
  '/check-in-icon-512.png',
  '/favicon.svg',
];
/** A page from the network, unless it takes longer than this: then the cached one. */
const NAVIGATION_TIMEOUT_MS = 4000;

function assetsNamedIn(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: 'reload' });
  if (!response.ok) throw new Error(`The app page answered ${response.status}`);
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  await cache.addAll([...new Set([...assetsNamedIn(html), ...STATIC])]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-assets' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      const missing = [];
      for (const url of urls) if (!(await cache.match(url))) missing.push(url);
      await cache.addAll(missing);
    }),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirstPage(request) {
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS)),
    ]);
    if (response.ok) {
      // Every page of the app is the same single-page shell: one copy serves them all.
      const copy = response.clone();
      void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate' && (url.pathname === SHELL || url.pathname.startsWith(`${SHELL}/`))) {
    event.respondWith(networkFirstPage(request));
  } else if (STATIC.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(() => caches.match(url.pathname).then((cached) => cached ?? Response.error())),
    );
  }
});
