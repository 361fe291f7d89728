// One scraper cycle in a process of its own: the scraper (scripts/scraper.ts) starts it and ends it at its deadline
// (lib/ingest/cycle-process.ts). Not run by hand: `npm run scraper -- --once` runs one cycle the same way.
import { runCycleChild } from '../lib/ingest/cycle-child.ts';

await runCycleChild();
