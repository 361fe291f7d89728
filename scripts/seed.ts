// npm run db:seed — reference data, 8 weeks of demo history when the database has none, and the demo
// users when DEMO_MODE is on (`DEMO_MODE=true npm run db:seed`). Safe to run again: it changes nothing.
import { connectDatabase } from '../lib/db/connect.ts';
// Renamed: the React hooks lint rule mistakes any use* call for a hook.
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { env } from '../lib/env.ts';
import { seedDatabase } from '../lib/seed/index.ts';

const { DEMO_MODE } = env();
const connection = await connectDatabase();
console.log(`Database: ${connection.description}`);
try {
  await setDatabaseUrl(connection.url);
  const result = await seedDatabase({ demoUsers: DEMO_MODE, log: (line) => console.log(`  ${line}`) });
  console.log(result.seeded ? 'Seeded demo data.' : 'Demo history already present; reference data checked.');
  console.log(
    `Rows: ${Object.entries(result.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}`,
  );
  if (DEMO_MODE) {
    console.log('Demo logins:');
    for (const login of result.demoLogins) console.log(`  ${login.role.padEnd(5)}  ${login.email}  ${login.password}`);
  }
} catch (error) {
  console.error('Seeding failed:', error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
  await connection.close();
}
