// Keeps the site for offline use: every file is fetched from the network when it can be
// (so a new build shows at once) and from the cache when it cannot.
'use strict';

const CACHE = 'cgt-v1';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const files = await (await fetch('files.json')).json();
    await cache.addAll(files);
    self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(event.request);
      if (response.ok) cache.put(event.request, response.clone());
      return response;
    } catch {
      const kept = await cache.match(event.request, { ignoreSearch: true });
      if (kept) return kept;
      throw new Error(`offline and not cached: ${url.pathname}`);
    }
  })());
});
