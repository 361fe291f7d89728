import { deploymentProblems, env, type Service } from '../env.ts';

// The first thing each deployed process does (the app in instrumentation.ts, scripts/scraper.ts,
// scripts/migrate.ts): check its configuration and stop naming every problem, rather than start and fail
// later or, worse, seem to work (see REQUIRED_IN_PRODUCTION in lib/env.ts).

/** What stops `service` from starting: invalid variables, or what a deployment requires and lacks. */
export function preflightProblems(service: Service): string[] {
  try {
    return deploymentProblems(service, env());
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
