// The scraper: `tsx scripts/scraper.ts` runs on a node-cron schedule (every 15 minutes, 07:00–21:00 New York
// time); `--once` runs one cycle and exits; `--source wake_inventory,warehouse` limits a run to some sources
// (allSources() in lib/ingest/runner.ts: Wake's locator, the Commission's, and the key of each enabled board source,
// e.g. wake_inventory, durham_inventory); `--run-now` runs one cycle at start, then keeps the schedule.
// Each cycle runs in a process of its own and is ended at its deadline (SCRAPER_CYCLE_DEADLINE_MS, 14 min), so a
// step that never returns cannot hold the next one (lib/ingest/cycle-process.ts, decision 029). SIGTERM/SIGINT:
// the running cycle writes what it fetched, and the scraper exits within 30 s.
// On a schedule it also runs an alert worker (lib/alerts/worker.ts) day and night — retries, digests at their hour
// and quiet hours' end go out between cycles — and a watchdog that writes its heartbeat for the compose
// healthcheck (scripts/scraper-healthcheck.mjs) and e-mails the admins once when the scraper stalls.
import { scraperMain } from '../lib/ingest/scraper-main.ts';

await scraperMain(process.argv.slice(2));
