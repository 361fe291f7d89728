'use client';

import { useResource } from '../../_components/data/use-resource';
import { SAVED_ARRIVALS_CACHE, SAVED_ARRIVALS_PATH, savedCopy, type SavedCopy } from '@/lib/pwa/rules';

/** When the saved Today's Arrivals page was rendered (its Date header), or null when none is saved. */
async function savedArrivalsAt(): Promise<string | null> {
  if (typeof caches === 'undefined' || !(await caches.has(SAVED_ARRIVALS_CACHE))) return null;
  const cache = await caches.open(SAVED_ARRIVALS_CACHE);
  const saved = await cache.match(SAVED_ARRIVALS_PATH, { ignoreVary: true });
  const date = saved?.headers.get('date');
  return date ? new Date(date).toISOString() : null;
}

export function OfflineScreen() {
  // Listed here, a page is a saved copy whatever the connection: its age is always said.
  const saved = useResource<SavedCopy | null>('saved-arrivals', async () => ({ ok: true, data: savedCopy(await savedArrivalsAt(), Date.now(), false) }));
  const copy = saved.state.status === 'ready' ? saved.state.data : null;
  return (
    <div className="card auth-card stack" data-testid="offline-screen">
      <h1>You are offline</h1>
      <p className="center">
        NC Bourbon Tracker cannot reach its server from here. Stock counts need a connection, so this screen shows none.
      </p>
      <section className="stack-sm" aria-labelledby="offline-saved">
        <h2 id="offline-saved">Still readable on this device</h2>
        {saved.state.status === 'loading' && <div className="skeleton skeleton-line" style={{ width: '70%' }} />}
        {saved.state.status !== 'loading' &&
          (copy ? (
            <a href={SAVED_ARRIVALS_PATH} className="card link-card" data-testid="offline-saved-arrivals">
              <h3>Today&apos;s Arrivals</h3>
              <p>The last one opened on this device. {copy.words}: bottles may have sold or arrived since.</p>
            </a>
          ) : (
            <p className="muted" data-testid="offline-nothing-saved">
              Nothing yet. Open Today&apos;s Arrivals while you are online and its last copy stays readable here.
            </p>
          ))}
      </section>
      <button type="button" className="btn btn-primary btn-block" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
