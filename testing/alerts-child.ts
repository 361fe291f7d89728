// A scraper process's alert step on its own, for the restart and crash tests:
//   node --import tsx alerts-child.ts <ISO time | now> [step] [lease ms]
// with DATABASE_URL and SMTP_URL in the environment. Steps: `run` (default) the scraper's alert step (collect,
// sweep, deliver); `collect` only the collection, then it says "collected" and waits to be killed; `worker` a
// standing worker (lib/alerts/worker.ts), "working" once started, until killed. The tests kill it with SIGKILL.
import { setDatabaseUrl } from '../lib/db/index.ts';
import { collectAlerts, processArrivalAlerts } from '../lib/alerts/process.ts';
import { startAlertWorker } from '../lib/alerts/worker.ts';

const [when, step = 'run', lease] = process.argv.slice(2);
const checkedAt = when === 'now' ? new Date() : new Date(when);
const policy = lease ? { sendLeaseMs: Number(lease) } : undefined;
const log = (line: string) => console.log(line);
await setDatabaseUrl(process.env.DATABASE_URL!);
if (step === 'collect') {
  console.log(`collected ${await collectAlerts({ checkedAt, log, policy })}`);
  await new Promise(() => {});
} else if (step === 'worker') {
  await startAlertWorker({ log, policy, pollIntervalMs: 200 });
  console.log('working');
  await new Promise(() => {});
} else {
  console.log(JSON.stringify(await processArrivalAlerts({ checkedAt, log, policy })));
  process.exit(0);
}
