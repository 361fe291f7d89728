import { spawnSync } from 'node:child_process';
import path from 'node:path';

// Helpers of the property-based tests (fast-check) that prove the pure functions total (issue 36): every input
// ends in bounded time with an answer inside its documented range.
//
// A synchronous endless loop cannot be interrupted inside the test's own process (vitest's timeout is a timer
// on the same thread), so a regression would hang the run instead of failing it. A file whose function once
// looped calls the known case first in a child process with a deadline (inChildWithin) and stops there if it
// does not return; every other call is timed (bounded), which catches "slow but finite" (a quadratic regex).

/** What one call may take: generous for a loaded 2-core machine, far below what a quadratic or endless loop takes. */
export const CALL_MS = 1_000;

/**
 * Fails the property unless `condition` holds: a plain throw, as cheap as a comparison, for the checks run
 * thousands of times (vitest's expect costs far more per call). fast-check reports the counterexample.
 */
export function ok(condition: boolean, message: string | (() => string)): asserts condition {
  if (!condition) throw new Error(typeof message === 'string' ? message : message());
}

/** Runs `fn` and fails the property when it took longer than `ms`. */
export function bounded<T>(fn: () => T, ms = CALL_MS): T {
  const started = performance.now();
  const value = fn();
  const took = performance.now() - started;
  ok(took < ms, () => `a call took ${took.toFixed(0)} ms (at most ${ms})`);
  return value;
}

/**
 * Calls `exportName` of the repository module `module` (e.g. 'lib/forecast/model.ts') with `args` in a child
 * process and returns its JSON-able result; throws when the call has not returned within `ms`.
 */
export function inChildWithin(module: string, exportName: string, args: unknown[], ms = 10_000): unknown {
  const file = path.resolve(import.meta.dirname, '..', module);
  const code = `const m = await import(${JSON.stringify(file)}); process.stdout.write(JSON.stringify(m[${JSON.stringify(exportName)}](...${JSON.stringify(args)})) ?? 'null');`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: ms });
  if (child.error || child.signal) throw new Error(`${exportName}(${args.map((a) => JSON.stringify(a)).join(', ')}) did not return within ${ms} ms`);
  if (child.status !== 0) throw new Error(`${exportName} failed in the child process: ${child.stderr}`);
  return JSON.parse(child.stdout);
}
