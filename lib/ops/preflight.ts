import { deploymentProblems, env, type Service } from '../env.ts';

// The first thing each deployed process does (the app in instrumentation.ts, scripts/scraper.ts,
// scripts/migrate.ts): check its configuration and stop naming every problem, rather than start and fail
// later or, worse, seem to work (see REQUIRED_IN_PRODUCTION in lib/env.ts).

export const APP_SERVER_REQUIRED =
  'the app must be served by scripts/app-server.mjs (npm start; `node app-server.mjs` in the image), not `next start` or Next\'s server.js: ' +
  'it passes each request\'s own client address to the per-IP limits and sets the security headers';

/** What stops `service` from starting: invalid variables, or what a deployment requires and lacks. */
export function preflightProblems(service: Service): string[] {
  try {
    const e = env();
    const problems = deploymentProblems(service, e);
    // Without it every client would share one address for the limits, and pages would have no CSP.
    if (service === 'app' && e.NODE_ENV === 'production' && process.env.NBT_APP_SERVER !== '1') problems.push(APP_SERVER_REQUIRED);
    return problems;
  } catch (error) {
    return [(error as Error).message];
  }
}

/** Prints the problems and exits 1; returns quietly when there are none. */
export function preflight(service: Service): void {
  const problems = preflightProblems(service);
  if (!problems.length) return;
  console.error(`[${service}] refusing to start:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
