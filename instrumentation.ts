// Next.js calls register() once when a server starts (`next start`, the image's server.js, `next dev`):
// a deployment that lacks what it needs stops here with the reason (lib/ops/preflight.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { preflight } = await import('./lib/ops/preflight');
  preflight('app');
}
