// Tests only (lib/ingest/never-stuck.db.test.ts): the scraper process, as scripts/scraper.ts, whose cycles run
// testing/stuck-cycle.ts on a schedule in seconds (STUCK_SCHEDULE, default every 2 s), so a test sees a
// cycle abandoned, the next one run and a SIGTERM, in seconds rather than quarter hours.
import path from 'node:path';
import { scraperMain } from '../lib/ingest/scraper-main.ts';

await scraperMain(process.argv.slice(2), {
  cycleEntry: path.resolve(import.meta.dirname, 'stuck-cycle.ts'),
  schedules: [process.env.STUCK_SCHEDULE ?? '*/2 * * * * *'],
  watchdogMs: 1_000,
  stopGraceMs: 2_000,
});
