// Dazu service worker (scope /). Pages always come from the network, so a deploy is never hidden behind a stale
// copy; when the network is gone a navigation gets the offline page. Content-hashed files under /assets/ and the
// icons are kept in a cache (a new deploy has new names; old ones are trimmed). API calls are not touched.
const VERSION = 'dazu-sw-1'
const STATIC_CACHE = `${VERSION}-static`
const OFFLINE_URL = '/offline.html'
const PRECACHE = [OFFLINE_URL, '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png']
const MAX_ASSETS = 300

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(STATIC_CACHE)
    // `reload`: the HTTP cache must not hand back an older offline page or icon.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))
    await self.skipWaiting()
  })())
})

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (!name.startsWith(VERSION)) await caches.delete(name)
    await self.clients.claim()
  })())
})

async function trim(cache) {
  const keys = await cache.keys()
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request)
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return

  if (request.mode === 'navigate') {
    // Network only: never a cached page. Offline → the offline page.
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) ?? Response.error()))
    return
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/') || url.pathname === '/favicon.svg') {
    event.respondWith((async () => {
      const cache = await caches.open(STATIC_CACHE)
      const hit = await cache.match(request)
      if (hit) return hit
      const response = await fetch(request)
      if (response.ok && url.pathname.startsWith('/assets/')) {
        await cache.put(request, response.clone())
        void trim(cache)
      }
      return response
    })())
  }
})
