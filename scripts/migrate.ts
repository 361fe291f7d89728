// npm run db:migrate — applies prisma/migrations to DATABASE_URL, or to the embedded database.
import { connectDatabase } from '../lib/db/connect.ts';
import { migrate, MigrationError } from '../lib/db/migrate.ts';

const connection = await connectDatabase();
console.log(`Database: ${connection.description}`);
try {
  const result = await migrate(connection.url, { log: (line) => console.log(`  ${line}`) });
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s); ${result.alreadyApplied} were already applied.`
      : `Database is up to date (${result.alreadyApplied} migration(s) applied).`,
  );
} catch (error) {
  console.error(error instanceof MigrationError ? `Migration refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}
