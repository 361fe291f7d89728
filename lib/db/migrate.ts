import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateQueue } from './queue.ts';

// Applies prisma/migrations the way `prisma migrate deploy` does, without Prisma's native schema
// engine (which cannot be downloaded on offline machines). Rows in _prisma_migrations are written
// exactly as Prisma writes them, so `prisma migrate status/deploy` agree with this runner.
// See docs/decisions/001-migration-runner.md.

/** The advisory lock key Prisma's own migrate uses, so this runner and `prisma migrate` exclude each other. */
const PRISMA_MIGRATE_LOCK = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {}

export function migrationsDir(): string {
  return path.resolve(process.cwd(), 'prisma/migrations');
}

/** prisma/functions: each database function's text of today, one file per function (`CREATE OR REPLACE FUNCTION`). */
export function functionsDir(): string {
  return path.resolve(process.cwd(), 'prisma/functions');
}

export function readFunctions(dir = functionsDir()): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => ({ name: entry.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, entry), 'utf8') }));
}

export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  return readdirSync(dir)
    .filter((entry) => statSync(path.join(dir, entry)).isDirectory())
    .sort()
    .map((name) => {
      const buffer = readFileSync(path.join(dir, name, 'migration.sql'));
      return { name, sql: buffer.toString('utf8'), checksum: createHash('sha256').update(buffer).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrateOptions {
  /** The migrations folder; another one (a test's partial copy) applies no functions unless `functionsDir` says. */
  dir?: string;
  /** Where the functions are. Default: prisma/functions with the real migrations, none with `dir`. */
  functionsDir?: string;
  log?: (line: string) => void;
}

/**
 * Applies every pending migration, one transaction each, under Prisma's advisory lock; then every database
 * function as prisma/functions has it today, in one transaction (a function's text lives in one file, not in
 * the migration that last changed it; a change of its arguments or result columns still needs a migration that
 * drops the old one); then the job queue's own schema (lib/db/queue.ts: the library's migrator, which tracks its
 * version in its own schema). Refuses to run when an applied migration's file changed or a previous attempt failed.
 */
export async function migrate(connectionString: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const result = await applyMigrations(connectionString, options);
  await migrateQueue(connectionString);
  return result;
}

async function applyMigrations(connectionString: string, options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const migrations = readMigrations(options.dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      await client.query(CREATE_TABLE);
      const { rows } = await client.query<AppliedRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const live = rows.filter((r) => r.rolled_back_at === null);
      const failed = live.find((r) => r.finished_at === null);
      if (failed) {
        throw new MigrationError(
          `Migration ${failed.migration_name} failed in an earlier run and was not rolled back. ` +
            'Fix the database, then mark it with `prisma migrate resolve` before migrating again.',
        );
      }
      const applied = new Map(live.map((r) => [r.migration_name, r.checksum]));
      for (const m of migrations) {
        const checksum = applied.get(m.name);
        if (checksum !== undefined && checksum !== m.checksum) {
          throw new MigrationError(
            `Migration ${m.name} was modified after it was applied (checksum ${checksum.slice(0, 12)}… in the ` +
              `database, ${m.checksum.slice(0, 12)}… on disk). Applied migrations must never change: ` +
              'restore the file and put the change in a new migration.',
          );
        }
      }
      const known = new Set(migrations.map((m) => m.name));
      for (const name of applied.keys()) {
        if (!known.has(name)) log(`warning: migration ${name} is applied in the database but missing on disk`);
      }

      const pending = migrations.filter((m) => !applied.has(m.name));
      const appliedNow: string[] = [];
      for (const m of pending) {
        const id = randomUUID();
        await client.query('BEGIN');
        try {
          // On the embedded database every connection shares one Postgres session, so the advisory lock
          // above does not exclude a second runner; the socket server does run one transaction at a time.
          // Re-checking inside the transaction makes concurrent runs apply each migration exactly once.
          const done = await client.query(
            'SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL',
            [m.name],
          );
          if (done.rowCount) {
            await client.query('COMMIT');
            log(`skipped ${m.name}: applied meanwhile by another runner`);
            continue;
          }
          await client.query(
            'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
            [id, m.checksum, m.name],
          );
          await client.query(m.sql);
          await client.query(
            'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
            [id],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new MigrationError(`Migration ${m.name} failed and was rolled back: ${(error as Error).message}`);
        }
        appliedNow.push(m.name);
        log(`applied ${m.name}`);
      }
      const fromDir = options.functionsDir ?? (options.dir === undefined ? functionsDir() : undefined);
      if (fromDir) {
        const functions = readFunctions(fromDir);
        let current = '';
        await client.query('BEGIN');
        try {
          for (const f of functions) {
            current = f.name;
            await client.query(f.sql);
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new MigrationError(`Function ${current} (prisma/functions/${current}.sql) failed; no function was replaced: ${(error as Error).message}`);
        }
        log(`functions: ${functions.map((f) => f.name).join(', ')}`);
      }
      return { applied: appliedNow, alreadyApplied: migrations.length - appliedNow.length };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => {});
    }
  } finally {
    await client.end();
  }
}
