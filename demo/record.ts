// Wake's forecast record on a fresh demo (issue 37, item 7): seeds a throwaway database as `npm start` does
// (TEST_PG_SERVER_URL's server, else in-memory PGlite) at each given instant and prints what the demo's record
// says. Usage: tsx demo/record.ts [ISO instant ...] (default: DEMO_NOW and now).
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { boardRecords } from '../lib/forecast/record.ts';
import { WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { createTestDatabase, DEMO_NOW } from '../testing/database.ts';
import { seedDatabase } from './index.ts';

const pct = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

async function main() {
  const instants = process.argv.slice(2).map((a) => new Date(a));
  for (const now of instants.length ? instants : [DEMO_NOW, new Date()]) {
    const database = await createTestDatabase('record');
    try {
      await setDatabaseUrl(database.url);
      const started = performance.now();
      await seedDatabase({ now });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const [wake] = await boardRecords([{ board_id: WAKE_BOARD_ID, name: 'Wake County', precision: 'shelf' }], now);
      for (const p of wake.periods) {
        console.log(
          `${now.toISOString()} ${p.days} days: precision ${pct(p.precision)} (${p.named_arrived}/${p.named_closed}), ` +
            `recall ${pct(p.recall)} (${p.forecast_ahead}/${p.arrivals}), median lead ${p.median_lead_hours ?? '-'} h`,
        );
      }
      console.log(`  verdict ${wake.verdict}${wake.note ? `: ${wake.note}` : ''} (seed ${seconds} s)`);
    } finally {
      await disconnectDb();
      await database.drop();
    }
  }
}

await main();
