/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell so the kiosk and the public sign page load
 * offline after one visit, and serves every navigation from the precached index.html.
 * It never caches /api responses of signed-in users (Dexie and react-query own those); only
 * public, immutable files (photos by capability id) are cached at runtime.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\//] }));

// Files are immutable by id (photos, captures): safe to keep.
registerRoute(
  ({ url }) => url.pathname.startsWith('/api/v1/files/'),
  new CacheFirst({ cacheName: 'files', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// The public service a guest signs (no credentials involved): network first, cached for offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && /^\/api\/v1\/app\/anon\/services\/[^/]+$/.test(url.pathname),
  new NetworkFirst({ cacheName: 'public-services', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }),
);

// The page decides when to update (never while someone is signing): it posts SKIP_WAITING.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
