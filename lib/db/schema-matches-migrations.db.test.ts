import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { diffSchemas, expectedSchema, introspectDatabase } from '../../testing/introspect.ts';
import { getDmmf } from '../../testing/prisma-schema.ts';

// prisma/migrations is written by hand (Prisma's schema engine, which `prisma migrate dev/diff` needs,
// cannot be downloaded on these machines). This test is the check `prisma migrate diff` would give: the
// database the migrations produce must be exactly what schema.prisma describes. The expected side comes
// from Prisma's own parser (the DMMF, as `prisma generate` sees the schema); the actual side from
// pg_catalog of a freshly migrated database. See docs/decisions/001-migration-runner.md.

const schemaFile = path.resolve(process.cwd(), 'prisma/schema.prisma');
const { datamodel } = getDmmf(readFileSync(schemaFile, 'utf8'), 'schema.prisma');
const expected = expectedSchema(datamodel);

describe('the migrated database matches prisma/schema.prisma', () => {
  let db: TestDatabase | undefined;
  let client: pg.Client | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('schema', 'migrated');
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it("derives the expected schema from Prisma's parser", () => {
    // Guards against a parser that silently returns nothing: every model and enum must be there.
    expect(Object.keys(expected.tables)).toHaveLength(datamodel.models.length);
    expect(Object.keys(expected.enums)).toHaveLength(datamodel.enums.length);
    expect(datamodel.models.length).toBeGreaterThan(10);
    // A few mappings spelled out, so a wrong rule in testing/introspect.ts fails here rather than agreeing
    // with a migration that has the same mistake.
    expect(expected.tables.products.columns.size_ml).toEqual({ type: 'integer', nullable: true, default: null });
    expect(expected.tables.products.columns.retail_price.type).toBe('numeric(10,2)');
    expect(expected.tables.users.columns.id.default).toBe('autoincrement()');
    expect(expected.tables.users.columns.role).toEqual({ type: 'enum Role', nullable: false, default: "'user'" });
    expect(expected.tables.users.columns.created_at).toEqual({ type: 'timestamptz(3)', nullable: false, default: 'now()' });
    expect(expected.tables.users.columns.updated_at.default).toBeNull(); // @updatedAt is set by the client
    expect(expected.tables.stores.columns.last_delivery_date.type).toBe('date');
    expect(expected.tables.audit_log.columns.details.type).toBe('jsonb');
    expect(expected.tables.inventory_history.columns.id.type).toBe('bigint');
    expect(expected.tables.rate_limits.primaryKey).toEqual({ name: 'rate_limits_pkey', columns: ['key', 'window_start'] });
    expect(expected.tables.stores.uniques).toContainEqual({
      name: 'stores_board_id_store_number_key',
      columns: ['board_id', 'store_number'],
      method: 'btree',
    });
    expect(expected.tables.audit_log.foreignKeys).toContainEqual({
      name: 'audit_log_actor_id_fkey',
      columns: ['actor_id'],
      referencedTable: 'users',
      referencedColumns: ['id'],
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    });
    expect(expected.tables.stores.foreignKeys[0].onDelete).toBe('RESTRICT'); // Prisma's default, required relation
    // A check constraint is expected only where the model declares it (/// @check).
    expect(expected.tables.alert_log.otherConstraints).toEqual(['check constraint alert_log_one_kind_check']);
    // A partial index is expected only where the model declares it (/// @partial), with its predicate.
    expect(expected.tables.alert_log.uniques).toContainEqual({
      name: 'alert_log_user_id_shipment_id_key',
      columns: ['user_id', 'shipment_id'],
      method: 'btree',
      where: 'shipment_id IS NOT NULL',
    });
    expect(expected.tables.stores.uniques.every((i) => i.where === undefined)).toBe(true);
    expect(expected.tables.stores.otherConstraints).toEqual(['check constraint stores_place_check']);
    expect(expected.tables.products.otherConstraints).toEqual([]); // no /// @check, none expected
    expect(expected.enums.ListingType).toEqual(['Listed', 'Limited', 'Allocation', 'Barrel', 'Unknown']);
  });

  it('has exactly the tables, columns, types, defaults, keys, indexes and enums the schema declares', async () => {
    const differences = diffSchemas(expected, await introspectDatabase(client!));
    expect(
      differences,
      `prisma/migrations does not produce what prisma/schema.prisma describes:\n  ${differences.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('reports drift in readable terms', async () => {
    // Breaks the migrated database in every way the comparison covers, inside a transaction that is rolled back.
    const c = client!;
    // A mismatch already in the migrations is the previous test's failure, not this one's.
    const baseline = diffSchemas(expected, await introspectDatabase(c));
    await c.query('BEGIN');
    let differences: string[];
    try {
      await c.query(`
        ALTER TABLE products ALTER COLUMN size_ml SET NOT NULL;
        ALTER TABLE products ADD COLUMN extra TEXT;
        ALTER TABLE warehouse_levels ALTER COLUMN total_available TYPE BIGINT;
        ALTER TABLE users ALTER COLUMN id DROP DEFAULT;
        ALTER TABLE rate_limits ALTER COLUMN count SET DEFAULT 1;
        ALTER TYPE "ListingType" RENAME VALUE 'Unknown' TO 'Other';
        DROP INDEX products_name_idx;
        DROP INDEX shipments_board_id_ship_date_idx;
        CREATE INDEX shipments_board_id_ship_date_idx ON shipments (ship_date, board_id);
        ALTER TABLE watch_items DROP CONSTRAINT watch_items_user_id_fkey;
        ALTER TABLE watch_items ADD CONSTRAINT watch_items_user_id_fkey FOREIGN KEY (user_id)
          REFERENCES users (id) ON DELETE RESTRICT ON UPDATE CASCADE;
        ALTER TABLE stores ADD CONSTRAINT stores_zip_check CHECK (length(zip) = 5);
        CREATE TABLE stray (id INTEGER);
      `);
      differences = diffSchemas(expected, await introspectDatabase(c));
    } finally {
      await c.query('ROLLBACK');
    }
    const injected = [
      'column products.size_ml: expected nullable integer, found integer NOT NULL',
      'unexpected column products.extra (nullable text)',
      'column warehouse_levels.total_available: expected integer NOT NULL, found bigint NOT NULL',
      'column users.id: expected default autoincrement(), found (none)',
      'column rate_limits.count: expected default 0, found 1',
      'enum ListingType: expected values (Listed, Limited, Allocation, Barrel, Unknown), found (Listed, Limited, Allocation, Barrel, Other)',
      'missing index products_name_idx ON products (name)',
      'missing index shipments_board_id_ship_date_idx ON shipments (board_id, ship_date)',
      'unexpected index shipments_board_id_ship_date_idx ON shipments (ship_date, board_id)',
      'missing foreign key watch_items_user_id_fkey: watch_items(user_id) → users(id) ON DELETE CASCADE ON UPDATE CASCADE',
      'unexpected foreign key watch_items_user_id_fkey: watch_items(user_id) → users(id) ON DELETE RESTRICT ON UPDATE CASCADE',
      'unexpected check constraint stores_zip_check on stores',
      'unexpected table stray (no model maps to it)',
    ];
    expect(differences).toEqual(expect.arrayContaining(injected));
    expect(differences.filter((d) => !injected.includes(d) && !baseline.includes(d))).toEqual([]);
    // And the rollback really restored it.
    expect(diffSchemas(expected, await introspectDatabase(c))).toEqual(baseline);
  });
});
