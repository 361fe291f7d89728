'use client';

import { useEffect } from 'react';

/**
 * Registers the service worker (/sw.js, app/service-worker.ts) on every page. Production builds only: in
 * development the code changes under it and nothing should be served from a cache. Browsers without service
 * workers (or a page on plain http other than localhost) simply go without: the app works as before.
 */
export function ServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    // updateViaCache 'none': the browser asks the server for /sw.js on every check, never its HTTP cache.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('The offline copy and notifications are off: the service worker did not register.', error);
    });
  }, []);
  return null;
}
