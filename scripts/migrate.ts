// npm run db:migrate (the compose `migrate` service) — applies prisma/migrations to DATABASE_URL, or to
// the embedded database, then loads or refreshes the reference data (boards, stores, the catalog) from
// prisma/seed-data without changing what the scraper has learned. Outside demo mode it records the
// database as a deployment's, so demo data can never be generated into it (docs/decisions/009).
import { connectDatabase } from '../lib/db/connect.ts';
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { migrate, MigrationError } from '../lib/db/migrate.ts';
import { preflight } from '../lib/ops/preflight.ts';
import { refreshReferenceData } from '../lib/reference/refresh.ts';
import { dropEmptyVariables, loadDotEnv, resolveDemoMode } from '../lib/startup/config.ts';

loadDotEnv(process.cwd()); // like npm start; the image has no .env, compose passes the variables
dropEmptyVariables(['DATABASE_URL', 'EMBEDDED_DB_DIR', 'DEMO_MODE', 'DB_POOL_MAX']);
preflight('migrate');
const connection = await connectDatabase();
console.log(`Database: ${connection.description}`);
try {
  const result = await migrate(connection.url, { log: (line) => console.log(`  ${line}`) });
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s); ${result.alreadyApplied} were already applied.`
      : `Database is up to date (${result.alreadyApplied} migration(s) applied).`,
  );
  await setDatabaseUrl(connection.url);
  const demo = resolveDemoMode(process.env.DEMO_MODE, connection.kind);
  const ref = await refreshReferenceData({ claimDeployment: !demo, setUpBy: 'db:migrate', log: (line) => console.log(`  ${line}`) });
  console.log(
    `Reference data: ${ref.counts.boards} boards, ${ref.counts.stores} stores, ${ref.counts.products} products` +
      (ref.origin ? ` (a ${ref.origin.purpose} database, set up by ${ref.origin.setUpBy} on ${ref.origin.createdAt.toISOString()}).` : '.'),
  );
} catch (error) {
  console.error(error instanceof MigrationError ? `Migration refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
  await connection.close();
}
