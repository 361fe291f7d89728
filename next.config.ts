import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Standalone output is for the Docker image (NEXT_OUTPUT=standalone); `next start` (npm start) cannot serve it.
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  poweredByHeader: false,
  // Server-only packages that must be required at run time rather than bundled.
  // esbuild bundles the service worker while the build prerenders /sw.js (app/sw.js/route.ts, @serwist/turbopack).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer', 'bcryptjs', 'esbuild', 'esbuild-wasm'],
  typedRoutes: false,
  // `npm start` and CI type-check separately (npm run typecheck); they set this to keep builds fast.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
};

export default nextConfig;
