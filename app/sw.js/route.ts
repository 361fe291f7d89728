import { randomUUID } from 'node:crypto';
import { createSerwistRoute } from '@serwist/turbopack';
import { OFFLINE_PATH } from '@/lib/pwa/rules';

// /sw.js: the service worker (app/service-worker.ts), bundled by esbuild with the precache manifest of this
// build — .next/static and public/ — when `next build` prerenders this route (docs/decisions/024-installable-app.md).
// At the site's root, so its scope is the whole app. scripts/app-server.mjs sends it with Cache-Control: no-cache.

const serwist = createSerwistRoute({
  swSrc: 'app/service-worker.ts',
  useNativeEsbuild: true,
  // The offline screen's HTML names this build's chunks: a new build precaches it again.
  additionalPrecacheEntries: [{ url: OFFLINE_PATH, revision: randomUUID() }],
  // The icons' SVG sources are for scripts/make-icons.ts, not for the browser.
  globIgnores: ['public/icons/*.svg'],
  esbuildOptions: { sourcemap: false },
});

export const dynamic = 'force-static';
export const revalidate = false;

export function GET(request: Request) {
  return serwist.GET(request, { params: Promise.resolve({ path: 'sw.js' }) });
}
