import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { functionsDir, migrate, MigrationError, migrationsDir, readFunctions, readMigrations } from './migrate.ts';

describe('migrations on the test database', () => {
  it("holds every database function as prisma/functions has it today, one file each, and no other", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ proname: string; prosrc: string }>(
      "SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY p.proname",
    );
    await client.end();
    const files = readFunctions();
    expect(rows.map((r) => r.proname)).toEqual(files.map((f) => f.name));
    for (const f of files) {
      const body = /AS \$\$([\s\S]*)\$\$;/.exec(f.sql)?.[1];
      expect(rows.find((r) => r.proname === f.name)?.prosrc, f.name).toBe(body);
    }
  });

  it('records every migration the way prisma migrate does', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    await client.end();
    const files = readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(files[i].checksum);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });
});

// Each test below gets its own empty database, and its own copy of prisma/migrations when it changes files.
describe('migrate() on a scratch database', () => {
  let db: TestDatabase | undefined;
  let tempDir: string | undefined;

  afterEach(async () => {
    await db?.drop();
    db = undefined;
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  });

  async function scratch(label: string): Promise<string> {
    db = await createTestDatabase(label, 'empty');
    return db.url;
  }

  /** A temporary copy of prisma/migrations that a test may edit. */
  function copyOfMigrations(): string {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'nbt-migrations-'));
    cpSync(migrationsDir(), tempDir, { recursive: true });
    return tempDir;
  }

  function addMigration(dir: string, name: string, sql: string) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }

  async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  const exists = async (url: string, relation: string) =>
    (await query<{ oid: string | null }>(url, 'SELECT to_regclass($1)::text AS oid', [relation]))[0].oid !== null;

  const allNames = () => readMigrations().map((m) => m.name);

  it('applies every migration once; a second run applies nothing; a failed earlier run is refused', async () => {
    const url = await scratch('twice');
    const first = await migrate(url);
    expect(first).toEqual({ applied: allNames(), alreadyApplied: 0 });

    const second = await migrate(url);
    expect(second).toEqual({ applied: [], alreadyApplied: allNames().length });
    const rows = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM "_prisma_migrations"');
    expect(rows.map((r) => r.migration_name).sort()).toEqual(allNames());

    // A row that never finished (a crash in `prisma migrate deploy`, say) must be resolved by hand first.
    await query(
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ('00000000-0000-4000-8000-000000000000', repeat('0', 64), '20990101000000_crashed', now(), 0)`,
    );
    const refused = migrate(url);
    await expect(refused).rejects.toBeInstanceOf(MigrationError);
    await expect(refused).rejects.toThrow(/20990101000000_crashed failed in an earlier run.*prisma migrate resolve/);
  });

  it('refuses when an applied migration file changed, naming it, and applies nothing else', async () => {
    const url = await scratch('changed');
    const dir = copyOfMigrations();
    await migrate(url, { dir });

    const [firstName] = allNames();
    appendFileSync(path.join(dir, firstName, 'migration.sql'), '\n-- edited after it was applied\n');
    addMigration(dir, '20990101000000_later', 'CREATE TABLE "later_table" ("id" INTEGER NOT NULL);\n');

    const run = migrate(url, { dir });
    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(new RegExp(`Migration ${firstName} was modified after it was applied`));

    expect(await exists(url, 'later_table')).toBe(false);
    const later = await query(url, `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '20990101000000_later'`);
    expect(later).toHaveLength(0);
  });

  it('rolls a failing migration back entirely, names it, and applies it once it is fixed', async () => {
    const url = await scratch('broken');
    const dir = copyOfMigrations();
    const broken = '20990101000000_broken';
    const goodPart = 'CREATE TYPE "Mood" AS ENUM (\'ok\');\nCREATE TABLE "half_done" ("id" INTEGER NOT NULL);\n';
    addMigration(dir, broken, `${goodPart}INSERT INTO "no_such_table" VALUES (1);\n`);

    const run = migrate(url, { dir });
    await expect(run).rejects.toBeInstanceOf(MigrationError);
    await expect(run).rejects.toThrow(new RegExp(`Migration ${broken} failed and was rolled back: .*no_such_table`));

    // Earlier migrations stay applied; nothing of the broken one remains, not even its _prisma_migrations row.
    expect(await exists(url, 'users')).toBe(true);
    expect(await exists(url, 'half_done')).toBe(false);
    expect(await query(url, `SELECT 1 FROM pg_type WHERE typname = 'Mood'`)).toHaveLength(0);
    const rows = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM "_prisma_migrations"');
    expect(rows.map((r) => r.migration_name).sort()).toEqual(allNames());

    writeFileSync(path.join(dir, broken, 'migration.sql'), goodPart);
    expect(await migrate(url, { dir })).toEqual({ applied: [broken], alreadyApplied: allNames().length });
    expect(await exists(url, 'half_done')).toBe(true);
  });

  it("replaces a function from its file on the next run, with no new migration; a broken one replaces none", async () => {
    const url = await scratch('functions');
    await migrate(url);
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'nbt-functions-'));
    cpSync(functionsDir(), tempDir, { recursive: true });
    const file = path.join(tempDir, 'nbt_notify_change.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace("PERFORM pg_notify('nbt_changes', TG_TABLE_NAME);", "PERFORM pg_notify('nbt_changes', TG_TABLE_NAME); -- today's"));
    const lines: string[] = [];
    expect(await migrate(url, { functionsDir: tempDir, log: (l) => lines.push(l) })).toEqual({ applied: [], alreadyApplied: allNames().length });
    expect(lines).toContain(`functions: ${readFunctions().map((f) => f.name).join(', ')}`);
    const source = async () => (await query<{ prosrc: string }>(url, "SELECT prosrc FROM pg_proc WHERE proname = 'nbt_notify_change'"))[0].prosrc;
    expect(await source()).toContain("-- today's");

    // One broken file: the run fails naming it, and the others keep their text (one transaction).
    writeFileSync(path.join(tempDir, 'nbt_forecast_cover.sql'), 'CREATE OR REPLACE FUNCTION nbt_forecast_cover() RETURNS int LANGUAGE sql AS $$ SELECT no_such_column FROM stores $$;');
    writeFileSync(file, readFileSync(file, 'utf8').replace("-- today's", '-- tomorrow'));
    await expect(migrate(url, { functionsDir: tempDir })).rejects.toThrow(/Function nbt_forecast_cover \(prisma\/functions\/nbt_forecast_cover.sql\) failed; no function was replaced/);
    expect(await source()).toContain("-- today's");
  });

  it('applies each migration exactly once when two runners start together', async () => {
    const url = await scratch('concurrent');
    const dir = copyOfMigrations();
    addMigration(dir, '20990101000000_second', 'CREATE TABLE "second_table" ("id" INTEGER NOT NULL);\n');
    const names = readMigrations(dir).map((m) => m.name);

    const [a, b] = await Promise.all([migrate(url, { dir }), migrate(url, { dir })]);
    expect([...a.applied, ...b.applied].sort()).toEqual(names);
    expect(a.applied.length + a.alreadyApplied).toBe(names.length);
    expect(b.applied.length + b.alreadyApplied).toBe(names.length);

    const rows = await query<{ migration_name: string; n: number }>(
      url,
      'SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY migration_name ORDER BY migration_name',
    );
    expect(rows).toEqual(names.map((name) => ({ migration_name: name, n: 1 })));
  });

  it('writes _prisma_migrations exactly as prisma migrate does', async () => {
    const url = await scratch('rows');
    const before = new Date(Date.now() - 60_000); // clock slack between this process and the server
    await migrate(url);

    // Prisma's own table definition (schema engine, sql-migration-connector for Postgres).
    const columns = await query(
      url,
      `SELECT column_name, data_type, character_maximum_length AS length, is_nullable, column_default
       FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', length: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', length: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', length: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', length: null, is_nullable: 'NO', column_default: '0' },
    ]);

    const rows = await query(url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name');
    const dirs = readdirSync(migrationsDir(), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rows.map((r) => r.migration_name)).toEqual(dirs);
    for (const [i, row] of rows.entries()) {
      const bytes = readFileSync(path.join(migrationsDir(), dirs[i], 'migration.sql'));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.id).toHaveLength(36);
      expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.started_at).toBeInstanceOf(Date);
      expect(row.started_at.getTime()).toBeGreaterThan(before.getTime());
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
    }
  });
});
