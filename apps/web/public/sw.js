// Service worker of the força de vendas (decision 0010). The app shell and the code of the screens
// opened once are kept in a cache so /vendas opens without a network; /api is never touched (the
// seller's data lives in IndexedDB and the page reads it from there).
// - navigations: network first; offline, the cached index.html (the SPA routes on the client)
// - /assets/* (hashed by the build, immutable): cache first, stored on first use
// - other same-origin GETs (icons, manifest, theme script; Vite's modules in development): network
//   first, the cached copy when offline
const CACHE = 'erp-shell-v1';
const SHELL = [
  '/',
  '/vendas',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/theme-init.js',
  '/favicon.svg',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(SHELL.map((url) => cache.add(url).catch(() => undefined))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function guarda(request, response) {
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function redePrimeiro(request, reserva) {
  try {
    return await guarda(request, await fetch(request));
  } catch (err) {
    const cached = (await caches.match(request)) ?? (reserva ? await caches.match(reserva) : undefined);
    if (cached) return cached;
    throw err;
  }
}

// The page lists what it loaded before this worker controlled it (its first visit): kept too, so the
// next start without a network finds the screen's code.
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.guardar) ? event.data.guardar : [];
  const proprios = urls.filter((u) => {
    const url = new URL(u, self.location.origin);
    return (
      url.origin === self.location.origin &&
      !url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/auth/v1/')
    );
  });
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(proprios.map((u) => cache.add(u).catch(() => undefined)))),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/v1/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(redePrimeiro(request, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then((hit) => hit ?? fetch(request).then((r) => guarda(request, r))),
    );
    return;
  }
  event.respondWith(redePrimeiro(request));
});
