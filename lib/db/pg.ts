import pg from 'pg';
import { connectionSettings, databaseUrl, onDisconnect } from './index.ts';

// A plain node-postgres pool for the few bulk statements that move hundreds of thousands of values
// (the scraper's snapshot diff). Prisma's raw queries serialise large array parameters several times
// over; pg sends them once. Everything else uses the Prisma client (lib/db/index.ts).

const globalForPg = globalThis as unknown as { __pgPool?: pg.Pool; __pgPoolUrl?: string };

function pool(): pg.Pool {
  const url = databaseUrl();
  if (!globalForPg.__pgPool || globalForPg.__pgPoolUrl !== url) {
    void globalForPg.__pgPool?.end();
    const created = new pg.Pool({ connectionString: url, max: 2, ...connectionSettings() });
    // An idle connection dropped by the server (restart, database removed) must not crash the process;
    // the pool replaces it on the next checkout.
    created.on('error', (error) => console.error('[db] idle bulk connection closed:', error.message));
    globalForPg.__pgPool = created;
    globalForPg.__pgPoolUrl = url;
    onDisconnect(closePgPool);
  }
  return globalForPg.__pgPool;
}

/** Runs `work` in one transaction on one connection; rolls back on any error. */
export async function withPgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export async function closePgPool(): Promise<void> {
  await globalForPg.__pgPool?.end();
  globalForPg.__pgPool = undefined;
}
