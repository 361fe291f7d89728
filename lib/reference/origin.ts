// How a database was set up (table database_origin, one row, written once): `demo` when demo mode set it
// up, `deployment` when a real deployment did. Generated history and demo accounts are written only into
// a demo database, so a deployment's data is never mixed with invented data, whatever DEMO_MODE says
// later (docs/decisions/009-reference-data-and-demo-marker.md).
import { Prisma } from '../db/index.ts';
import { identifier, type SqlClient } from './bulk.ts';

export type DatabasePurpose = 'demo' | 'deployment';

/** The demo admin's address (demo/demo-users.ts): only the demo creates it, so it marks an old demo database. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.local';

export interface DatabaseOrigin {
  purpose: DatabasePurpose;
  setUpBy: string;
  createdAt: Date;
}

/** Demo mode asked to write into a database it did not set up. */
export class DemoRefusedError extends Error {}

export async function readOrigin(client: SqlClient): Promise<DatabaseOrigin | null> {
  const [row] = await client.$queryRaw<{ purpose: DatabasePurpose; set_up_by: string; created_at: Date }[]>`
    SELECT purpose::text AS purpose, set_up_by, created_at FROM database_origin WHERE id = 1`;
  return row ? { purpose: row.purpose, setUpBy: row.set_up_by, createdAt: row.created_at } : null;
}

async function record(client: SqlClient, purpose: DatabasePurpose, setUpBy: string): Promise<DatabaseOrigin> {
  await client.$executeRaw`
    INSERT INTO database_origin (id, purpose, set_up_by) VALUES (1, ${purpose}::"DatabasePurpose", ${setUpBy}) ON CONFLICT (id) DO NOTHING`;
  return (await readOrigin(client))!;
}

/** Tables only the scraper, users or the demo fill: reference data (boards, stores, products) is not among them. */
const ACTIVITY_TABLES = ['users', 'scrape_runs', 'store_inventory', 'inventory_history', 'warehouse_levels', 'shipments', 'shipment_totals'];

/** Rows per activity table that has any (empty: the database holds nothing but reference data). */
async function activity(client: SqlClient): Promise<Record<string, number>> {
  const counts = Prisma.join(
    ACTIVITY_TABLES.map((t) => Prisma.sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${identifier(t)} LIMIT 1000) x) AS ${identifier(t)}`),
  );
  const [row] = await client.$queryRaw<Record<string, number>[]>`SELECT ${counts}`;
  return Object.fromEntries(Object.entries(row).filter(([, n]) => n > 0));
}

/** Records a deployment unless the database already has an origin; returns the origin it has. */
export async function claimForDeployment(client: SqlClient, setUpBy: string): Promise<DatabaseOrigin> {
  return (await readOrigin(client)) ?? record(client, 'deployment', setUpBy);
}

/**
 * Demo mode may write only into a database it set up. A database without an origin is claimed when it
 * holds nothing but reference data, or when it already has the demo accounts (a demo database from
 * before origins were recorded: only the demo creates them). Anything else is refused.
 */
export async function claimForDemo(client: SqlClient, setUpBy: string): Promise<DatabaseOrigin> {
  const origin = await readOrigin(client);
  if (origin?.purpose === 'demo') return origin;
  if (origin) {
    throw new DemoRefusedError(
      `this database was set up as a deployment (by ${origin.setUpBy}, ${origin.createdAt.toISOString()}); ` +
        'demo mode never writes generated data or demo accounts into it. Turn DEMO_MODE off, or use a fresh database for the demo.',
    );
  }
  const found = await activity(client);
  if (Object.keys(found).length) {
    const [demoAdmin] = await client.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM users WHERE email = ${DEMO_ADMIN_EMAIL}`;
    if (!demoAdmin.n) {
      const what = Object.entries(found).map(([t, n]) => `${t} ${n >= 1000 ? '1000+' : n}`).join(', ');
      throw new DemoRefusedError(
        `this database was not set up by demo mode and already holds data (${what}); demo mode never writes ` +
          'generated data or demo accounts into it. Turn DEMO_MODE off, or use a fresh database for the demo.',
      );
    }
  }
  const claimed = await record(client, 'demo', setUpBy);
  if (claimed.purpose !== 'demo') throw new DemoRefusedError(`this database was just set up as a deployment by ${claimed.setUpBy}`);
  return claimed;
}
