'use client';

import { useEffect } from 'react';
import { SIGNED_IN_CACHES, SIGNED_OUT_MESSAGE } from '@/lib/pwa/rules';

// The pages the service worker keeps for reading offline (app/service-worker.ts), seen from the screens.

/**
 * Deletes every saved signed-in page (sign-out and sign-in): the next person on this device sees none of them.
 * Here, so it works offline and without a worker; and in the worker, which also drops a save still in flight.
 */
export async function forgetSavedPages(): Promise<void> {
  if (typeof caches === 'undefined') return; // no Cache Storage (plain http other than localhost): nothing saved
  navigator.serviceWorker?.controller?.postMessage({ type: SIGNED_OUT_MESSAGE });
  await Promise.all(SIGNED_IN_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/** Whether this document was loaded at this screen's address (not reached inside the app), and not yet used. */
let documentAnswerUsed = false;
function isDocumentsOwnAnswer(): boolean {
  if (documentAnswerUsed) return false;
  documentAnswerUsed = true;
  const load = performance.getEntriesByType('navigation')[0];
  try {
    return load !== undefined && new URL(load.name).pathname === window.location.pathname;
  } catch {
    return false;
  }
}

/**
 * Keeps the page at the current address readable offline once `shown` (the screen's data) is on screen. The
 * worker saves a page it serves itself; this asks it to fetch and save the others: a screen reached inside
 * the app (its data came without a page load), another board or day, a refresh, and the first page a
 * browser loads before its worker runs. `fromServerPage`: `shown` is the answer the server page rendered.
 */
export function useSaveForOffline(shown: unknown, fromServerPage: boolean): void {
  useEffect(() => {
    if (shown === null || shown === undefined) return;
    const servedByWorker = fromServerPage && isDocumentsOwnAnswer() && navigator.serviceWorker?.controller;
    if (servedByWorker || !('serviceWorker' in navigator) || !navigator.onLine) return;
    const url = window.location.pathname + window.location.search;
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [[url, { headers: { accept: 'text/html' } }]] } }),
    );
  }, [shown, fromServerPage]);
}
