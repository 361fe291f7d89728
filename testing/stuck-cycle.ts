// Tests only (lib/ingest/never-stuck.db.test.ts): a cycle's process, as scripts/scraper-cycle.ts, in which one step
// never returns — the hang the scraper must survive. STUCK_STEP names the step (e.g. "forecasts"); STUCK_HOW is
// "sync" (a loop that holds the event loop: nothing in the process runs again, SIGTERM included) or "async" (a
// promise that never settles); STUCK_MARKER, a file: only the first cycle hangs (it creates the file).
import { existsSync, writeFileSync } from 'node:fs';
import { runCycleChild } from '../lib/ingest/cycle-child.ts';

const { STUCK_STEP, STUCK_HOW = 'sync', STUCK_MARKER } = process.env;

await runCycleChild({
  onStep: (name, state) => {
    if (state !== 'start' || name !== STUCK_STEP || (STUCK_MARKER && existsSync(STUCK_MARKER))) return;
    if (STUCK_MARKER) writeFileSync(STUCK_MARKER, `${process.pid}\n`);
    if (STUCK_HOW === 'async') return new Promise<void>(() => {});
    // Let the step's IPC message go out first, then hold the event loop for good.
    return new Promise<void>(() => {
      setImmediate(() => {
        for (;;);
      });
    });
  },
});
