// A scraper process's alert step on its own, for the restart test: `node --import tsx alerts-child.ts <ISO time>`
// with DATABASE_URL and SMTP_URL in the environment. The test kills it mid-send and starts over.
import { setDatabaseUrl } from '../../lib/db/index.ts';
import { processArrivalAlerts } from '../../lib/alerts/process.ts';

await setDatabaseUrl(process.env.DATABASE_URL!);
const result = await processArrivalAlerts({ checkedAt: new Date(process.argv[2]), log: (line) => console.log(line) });
console.log(JSON.stringify(result));
process.exit(0);
