/// <reference lib="webworker" />
// The service worker, served at /sw.js (app/sw.js/route.ts bundles it with esbuild during `next build`;
// docs/decisions/024-installable-app.md). It:
//   - precaches the build's static files, public/ and the offline screen, and serves them from the cache;
//   - keeps the last loaded Today's Arrivals page to read offline (NetworkFirst, one entry; the page says
//     how old it is); a navigation that fails with nothing saved gets the offline screen;
//   - caches nothing else: every /api call, write and other page goes to the network as before;
//   - shows push notifications (lib/pwa/push-message.ts is the payload contract) and opens their screen.
import { NetworkFirst, NetworkOnly, Serwist, type PrecacheEntry, type SerwistGlobalConfig, type SerwistPlugin } from 'serwist';
import { notificationPath, parsePushMessage, windowToReuse } from '../lib/pwa/push-message.ts';
import { OFFLINE_PATH, SAVED_ARRIVALS_CACHE, SAVED_ARRIVALS_PATH, SIGNED_IN_CACHES, SIGNED_OUT_MESSAGE } from '../lib/pwa/rules.ts';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    // Replaced at build time by the precache manifest (the build's static files and public/).
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const isNavigation = (request: Request) => request.mode === 'navigate';
/** A page's HTML: a navigation, or the screen asking for its own address to be saved (saveForOffline, CACHE_URLS). */
const isPage = (request: Request) => isNavigation(request) || (request.headers.get('accept') ?? '').startsWith('text/html');

/** Counts sign-outs (SIGNED_OUT_MESSAGE from the logout code), so a save in flight across one is dropped. */
let signOuts = 0;

/**
 * Keeps only the page the server answered itself, under one key whatever its query. A redirect means the
 * session is gone (the server sends /login): nothing is saved, and what was saved before is deleted.
 * (A navigation's own fetch sees the redirect as 'opaqueredirect'; a fetch that follows it, as `redirected`.)
 */
const savedArrivals: SerwistPlugin = {
  handlerWillStart: async ({ state }) => {
    if (state) state.signOuts = signOuts;
  },
  cacheKeyWillBeUsed: async () => new Request(new URL(SAVED_ARRIVALS_PATH, self.location.origin)),
  cacheWillUpdate: async ({ response, state }) => {
    // Asked for before a sign-out and answered after it: not kept (the sign-out deleted the saved pages).
    if (state?.signOuts !== signOuts) return null;
    if (response.status === 200 && response.type === 'basic' && !response.redirected) return response;
    if (response.type === 'opaqueredirect' || response.redirected) await caches.delete(SAVED_ARRIVALS_CACHE);
    return null;
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version takes over at once (docs/decisions/024-installable-app.md): pages are server-rendered per
  // navigation, so the next one runs the new build; the push handlers update with it.
  skipWaiting: true,
  clientsClaim: true,
  // Navigations start while the worker boots, so it never delays a page.
  navigationPreload: true,
  runtimeCaching: [
    {
      // Today's Arrivals: the network first (a slow one gives up after 4 s), the last saved copy otherwise.
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isPage(request) && url.pathname === SAVED_ARRIVALS_PATH,
      handler: new NetworkFirst({
        cacheName: SAVED_ARRIVALS_CACHE,
        networkTimeoutSeconds: 4,
        matchOptions: { ignoreVary: true },
        plugins: [savedArrivals],
      }),
    },
    // Every other page: the network only; when it fails, the offline screen (fallbacks below).
    { matcher: ({ request }) => isNavigation(request), handler: new NetworkOnly() },
  ],
  fallbacks: { entries: [{ url: OFFLINE_PATH, matcher: ({ request }) => request.destination === 'document' }] },
});

// Sign-out (app/_components/offline/saved-pages.ts): the saved signed-in pages go, and so do saves in flight.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== SIGNED_OUT_MESSAGE) return;
  signOuts += 1;
  event.waitUntil(Promise.all(SIGNED_IN_CACHES.map((name) => caches.delete(name))));
});

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // unreadable data: the generic notification
  }
  const message = parsePushMessage(text);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(notificationPath(event.notification.data), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const reuse = windows[windowToReuse(windows, self.location.origin)];
      if (reuse) {
        const focused = await reuse.focus().catch(() => reuse);
        // navigate() works on windows this worker controls; any other gets a window of its own.
        const opened = await focused.navigate(url).catch(() => null);
        if (opened) return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

serwist.addEventListeners();
