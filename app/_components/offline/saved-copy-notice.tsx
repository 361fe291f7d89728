'use client';

import { useSyncExternalStore } from 'react';
import { savedCopy } from '@/lib/pwa/rules';

// Browser state the notice follows: the clock (to the half minute) and whether the browser says it is online.
// The server renders neither (null / online), so the notice appears only once the browser runs.
const TICK_MS = 30_000;
const subscribeClock = (changed: () => void) => {
  const timer = window.setInterval(changed, TICK_MS);
  return () => window.clearInterval(timer);
};
const clock = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;
const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

/**
 * Says that the page on screen is a saved copy, how old it is and as of when: offline at any age, and online
 * once it is older than a live page (lib/pwa/rules.ts). `savedAt`: when the server rendered this copy (null
 * once the screen shows data it loaded itself).
 */
export function SavedCopyNotice({ savedAt }: { savedAt: string | null }) {
  const now = useSyncExternalStore(subscribeClock, clock, () => null);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const copy = now === null ? null : savedCopy(savedAt, now, online);
  if (!copy) return null;
  return (
    <div className="alert alert-warn" role="status" data-testid="saved-copy">
      <strong>{copy.offline ? 'You are offline.' : 'This is a saved copy.'}</strong> {copy.words}. Bottles may have sold or
      arrived since: {copy.offline ? 'connect to see the latest.' : 'reload the page for the latest.'}
    </div>
  );
}
