import type { Metadata } from 'next';
import { OfflineScreen } from './offline-screen';

export const metadata: Metadata = { title: 'You are offline' };

/**
 * What the service worker shows for a page that cannot load offline (app/service-worker.ts precaches it).
 * Rendered signed out whoever asks (proxy.ts drops the session cookie here): the precached copy holds nobody's data.
 */
export default function OfflinePage() {
  return <OfflineScreen />;
}
