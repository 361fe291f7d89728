// npm run db:seed — the demo data: reference data, 8 weeks of generated history when the database has
// none, and the demo users. Demo mode only (the default with the embedded database; DEMO_MODE=true with
// DATABASE_URL), and only into a database demo mode set up: a deployment's database is refused, untouched
// (docs/decisions/009). The real reference data alone is `npm run db:migrate`. Safe to run again.
import { connectDatabase } from '../lib/db/connect.ts';
// Renamed: the React hooks lint rule mistakes any use* call for a hook.
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { DemoRefusedError } from '../lib/reference/origin.ts';
import { seedDatabase } from '../demo/index.ts';
import { dropEmptyVariables, loadDotEnv, resolveDemoMode } from '../lib/startup/config.ts';

loadDotEnv(process.cwd());
dropEmptyVariables(['DATABASE_URL', 'EMBEDDED_DB_DIR', 'DEMO_MODE', 'BCRYPT_COST', 'DB_POOL_MAX']);
const demo = resolveDemoMode(process.env.DEMO_MODE, process.env.DATABASE_URL ? 'postgres' : 'embedded');
if (!demo) {
  console.error(
    'db:seed writes generated demo data and runs only in demo mode (DEMO_MODE=true, the default without DATABASE_URL). ' +
      'To load the real boards, stores and catalog into a deployment, run `npm run db:migrate`.',
  );
  process.exit(1);
}

const connection = await connectDatabase();
console.log(`Database: ${connection.description}`);
try {
  await setDatabaseUrl(connection.url);
  const result = await seedDatabase({ demoUsers: true, setUpBy: 'db:seed', log: (line) => console.log(`  ${line}`) });
  console.log(result.seeded ? 'Seeded demo data.' : 'Demo history already present; reference data checked.');
  console.log(
    `Rows: ${Object.entries(result.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(', ')}`,
  );
  console.log('Demo logins:');
  for (const login of result.demoLogins) console.log(`  ${login.role.padEnd(5)}  ${login.email}  ${login.password}`);
} catch (error) {
  if (error instanceof DemoRefusedError) console.error(`Refused: ${error.message}`);
  else console.error('Seeding failed:', error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
  await connection.close();
}
