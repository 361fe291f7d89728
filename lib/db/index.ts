import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.ts';

export { Prisma } from '../../generated/prisma/client.ts';

function createClient(connectionString: string) {
  return new PrismaClient({
    // DB_POOL_MAX is small for the embedded database: PGlite runs one query at a time anyway.
    adapter: new PrismaPg({ connectionString, max: Number(process.env.DB_POOL_MAX ?? 10), ...connectionSettings() }),
    // The password hash never leaves lib/auth: it must be selected explicitly there.
    omit: { user: { passwordHash: true } },
  });
}

export type Db = ReturnType<typeof createClient>;

const globalForDb = globalThis as unknown as { __db?: Db; __dbUrl?: string; __statementTimeoutMs?: number };

/**
 * Every statement of this process is cancelled by the server after `ms` (the scraper's cycles: a statement that
 * hangs fails its step with a clear line instead of holding the cycle). Set before the first query; the
 * embedded database ignores it (the cycle's deadline bounds it there).
 */
export function setStatementTimeout(ms: number): void {
  globalForDb.__statementTimeoutMs = ms;
}

/** Settings of every connection this process opens (lib/db/pg.ts and lib/db/queue.ts use them too). */
export function connectionSettings(): { statement_timeout?: number } {
  return globalForDb.__statementTimeoutMs ? { statement_timeout: globalForDb.__statementTimeoutMs } : {};
}

/**
 * The database URL of this process. Processes started by `npm start` receive it in DATABASE_URL
 * (the embedded server's URL when no external database is configured).
 */
export function databaseUrl(): string {
  const url = globalForDb.__dbUrl ?? process.env.DATABASE_URL;
  if (!url) {
    throw new Error('DATABASE_URL is not set. Start the app with `npm start` (embedded database) or set DATABASE_URL.');
  }
  return url;
}

/** Points this process's client at a specific database (scripts that start their own embedded server, tests). */
export async function setDatabaseUrl(url: string): Promise<void> {
  if (globalForDb.__db) await globalForDb.__db.$disconnect();
  globalForDb.__db = undefined;
  globalForDb.__dbUrl = url;
}

function client(): Db {
  // One client per process; the globalThis slot survives Next's dev reloads.
  globalForDb.__db ??= createClient(databaseUrl());
  return globalForDb.__db;
}

/** The Prisma client, created on first use. */
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const c = client();
    const value = Reflect.get(c, property, c);
    return typeof value === 'function' ? value.bind(c) : value;
  },
});

const closers = new Set<() => Promise<void>>();

/** Other connection holders of this process (lib/db/pg.ts) register here so disconnectDb() closes them too. */
export function onDisconnect(close: () => Promise<void>): void {
  closers.add(close);
}

export async function disconnectDb(): Promise<void> {
  if (globalForDb.__db) await globalForDb.__db.$disconnect();
  globalForDb.__db = undefined;
  for (const close of closers) await close();
}
