import type pg from 'pg';
import type { DmmfDatamodel, DmmfField, DmmfModel } from './prisma-schema.ts';

// One shape for "what the database should look like" (derived from Prisma's DMMF of schema.prisma) and
// "what it looks like" (read from pg_catalog), and a readable list of differences between the two. This is
// what `prisma migrate diff` would tell us, for the subset of Postgres features this project uses; anything
// in schema.prisma outside that subset makes `expectedSchema` throw rather than pass unchecked.

export interface ColumnShape {
  /** Short Postgres type: integer, text, timestamptz(3), numeric(10,2), enum Role, integer[] … */
  type: string;
  nullable: boolean;
  /** Normalised default: null, autoincrement(), now(), 'text', 42, true, or a raw dbgenerated() expression. */
  default: string | null;
}

export interface IndexShape {
  name: string;
  /** Column names in index order, with ` DESC` / ` opclass` suffixes where not the default. */
  columns: string[];
  method: string;
  /**
   * A partial index's predicate, as Postgres prints it without its outer parentheses. schema.prisma cannot describe
   * one, so an index is expected partial only where its model says so: `/// @partial <index name>: WHERE <predicate>`.
   */
  where?: string;
}

export interface ForeignKeyShape {
  name: string;
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: { name: string; columns: string[] } | null;
  uniques: IndexShape[];
  indexes: IndexShape[];
  foreignKeys: ForeignKeyShape[];
  /**
   * Check/exclusion/trigger constraints. schema.prisma cannot describe them, so only those a model names in
   * a `/// @check <name>: <what it says>` line are expected (by name; the expression is the migration's).
   */
  otherConstraints: string[];
}

export interface SchemaShape {
  enums: Record<string, string[]>;
  tables: Record<string, TableShape>;
}

/** Tables that belong to the migration machinery, not to schema.prisma. */
const IGNORED_TABLES = new Set(['_prisma_migrations']);

// ───────────────────────────── expected: from Prisma's DMMF ─────────────────────────────

/** Postgres identifiers are at most 63 bytes; Prisma shortens the generated part and keeps the suffix. */
const MAX_IDENTIFIER = 63;

/** Prisma's default constraint/index names (psl ConstraintNames): <table>_<columns>_<suffix>. */
function defaultName(table: string, columns: string[], suffix: '_pkey' | '_key' | '_idx' | '_fkey'): string {
  const base = suffix === '_pkey' ? table : `${table}_${columns.join('_')}`;
  return base.slice(0, MAX_IDENTIFIER - suffix.length) + suffix;
}

/** Column type Prisma's migrations create for a field: scalar type plus optional @db native type. */
function expectedType(model: DmmfModel, field: DmmfField, enums: Map<string, string>): string {
  const where = `${model.name}.${field.name}`;
  let type: string;
  if (field.kind === 'enum') {
    type = `enum ${enums.get(field.type) ?? field.type}`;
  } else {
    const [native, args = []] = field.nativeType ?? [];
    const a = args.join(',');
    const byNative: Record<string, string> = {
      Text: 'text',
      VarChar: a ? `varchar(${a})` : 'varchar',
      Char: a ? `char(${a})` : 'char(1)',
      Uuid: 'uuid',
      Integer: 'integer',
      SmallInt: 'smallint',
      BigInt: 'bigint',
      Boolean: 'boolean',
      Timestamptz: `timestamptz(${a || 6})`,
      Timestamp: `timestamp(${a || 6})`,
      Date: 'date',
      Time: `time(${a || 6})`,
      Decimal: a ? `numeric(${a})` : 'numeric',
      Money: 'money',
      DoublePrecision: 'double precision',
      Real: 'real',
      Json: 'json',
      JsonB: 'jsonb',
      ByteA: 'bytea',
      Citext: 'citext',
      Inet: 'inet',
    };
    const byScalar: Record<string, string> = {
      String: 'text',
      Int: 'integer',
      BigInt: 'bigint',
      Boolean: 'boolean',
      DateTime: 'timestamp(3)',
      Decimal: 'numeric(65,30)',
      Float: 'double precision',
      Json: 'jsonb',
      Bytes: 'bytea',
    };
    const mapped = native ? byNative[native] : byScalar[field.type];
    if (!mapped) {
      throw new Error(
        `${where}: no Postgres type known for ${native ? `@db.${native}` : field.type}; extend testing/introspect.ts`,
      );
    }
    type = mapped;
  }
  return field.isList ? `${type}[]` : type;
}

function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The database default Prisma's migrations create for a field (client-side defaults such as uuid() have none). */
function expectedDefault(model: DmmfModel, field: DmmfField, enumValues: Map<string, Map<string, string>>): string | null {
  const d = field.default;
  if (d === undefined) return null;
  if (Array.isArray(d)) {
    // A list of numbers (`@default([179])`) is stored as ARRAY[179]; other list defaults are not used here.
    if (!d.every((v) => typeof v === 'number')) throw new Error(`${model.name}.${field.name}: only lists of numbers are supported as defaults here`);
    return `ARRAY[${d.join(', ')}]`;
  }
  if (typeof d === 'object') {
    switch (d.name) {
      case 'autoincrement':
        return 'autoincrement()';
      case 'now':
        return 'now()';
      case 'dbgenerated':
        return d.args.length ? String(d.args[0]) : null;
      case 'uuid':
      case 'cuid':
      case 'nanoid':
      case 'ulid':
        return null; // generated by Prisma Client, not by the database
      default:
        throw new Error(`${model.name}.${field.name}: default ${d.name}() not supported here; extend testing/introspect.ts`);
    }
  }
  if (field.kind === 'enum') return quote(enumValues.get(field.type)?.get(String(d)) ?? String(d));
  if (typeof d === 'string') return quote(d);
  return String(d);
}

/** What the migrations must produce for this datamodel, in Prisma's naming conventions. */
export function expectedSchema(datamodel: DmmfDatamodel): SchemaShape {
  const enumNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const enumValues = new Map(
    datamodel.enums.map((e) => [e.name, new Map(e.values.map((v) => [v.name, v.dbName ?? v.name]))]),
  );
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const columnOf = (m: DmmfModel, fieldName: string) => {
    const field = m.fields.find((f) => f.name === fieldName);
    if (!field) throw new Error(`${m.name}: no field ${fieldName}`);
    return field.dbName ?? field.name;
  };

  const shape: SchemaShape = { enums: {}, tables: {} };
  for (const e of datamodel.enums) shape.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);

  for (const model of datamodel.models) {
    if (model.schema) throw new Error(`${model.name}: multi-schema models are not supported here`);
    const table = tableOf(model);
    const t: TableShape = {
      columns: {},
      primaryKey: null,
      uniques: [],
      indexes: [],
      foreignKeys: [],
      otherConstraints: [...(model.documentation ?? '').matchAll(/^@check (\w+):/gm)].map((m) => `check constraint ${m[1]}`),
    };
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      if (field.kind === 'unsupported') throw new Error(`${model.name}.${field.name}: Unsupported() types are not checked`);
      t.columns[field.dbName ?? field.name] = {
        type: expectedType(model, field, enumNames),
        // Prisma creates scalar-list columns without NOT NULL (lists cannot be optional in the schema).
        nullable: field.isList || !field.isRequired,
        default: expectedDefault(model, field, enumValues),
      };
    }

    // @id / @@id / @unique / @@unique / @@index all appear in the datamodel's index list, in field order.
    for (const index of datamodel.indexes.filter((i) => i.model === model.name)) {
      const plain = index.fields.map((f) => columnOf(model, f.name));
      const columns = index.fields.map((f) => {
        if (f.length !== undefined) throw new Error(`${model.name}: index prefix lengths are not supported here`);
        let c = columnOf(model, f.name);
        if (f.sortOrder === 'desc') c += ' DESC';
        if (f.operatorClass) c += ` ${f.operatorClass.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}`;
        return c;
      });
      const method = (index.algorithm ?? 'BTree').toLowerCase();
      switch (index.type) {
        case 'id':
          t.primaryKey = { name: index.dbName ?? defaultName(table, plain, '_pkey'), columns: plain };
          break;
        case 'unique':
          t.uniques.push({ name: index.dbName ?? defaultName(table, plain, '_key'), columns, method });
          break;
        case 'normal':
          t.indexes.push({ name: index.dbName ?? defaultName(table, plain, '_idx'), columns, method });
          break;
        default:
          throw new Error(`${model.name}: ${index.type} indexes are not supported on Postgres`);
      }
    }

    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
      const target = models.get(field.type);
      if (!target) throw new Error(`${model.name}.${field.name}: unknown model ${field.type}`);
      const columns = field.relationFromFields.map((f) => columnOf(model, f));
      // Prisma's referential action defaults: Restrict (required relation) or SetNull (optional), and Cascade.
      // A @relation(map: "...") name is not in the DMMF: this check assumes the default constraint name.
      const fromRequired = field.relationFromFields.every(
        (f) => model.fields.find((x) => x.name === f)?.isRequired,
      );
      t.foreignKeys.push({
        name: defaultName(table, columns, '_fkey'),
        columns,
        referencedTable: tableOf(target),
        referencedColumns: (field.relationToFields ?? []).map((f) => columnOf(target, f)),
        onDelete: actionName(field.relationOnDelete ?? (fromRequired ? 'Restrict' : 'SetNull')),
        onUpdate: actionName(field.relationOnUpdate ?? 'Cascade'),
      });
    }
    for (const [, name, where] of (model.documentation ?? '').matchAll(/^@partial (\w+): WHERE (.+)$/gm)) {
      const index = [...t.uniques, ...t.indexes].find((i) => i.name === name);
      if (!index) throw new Error(`${model.name}: @partial names ${name}, which the model does not declare`);
      index.where = where.trim();
    }
    shape.tables[table] = t;
  }
  return shape;
}

function actionName(prismaAction: string): string {
  const names: Record<string, string> = {
    Cascade: 'CASCADE',
    Restrict: 'RESTRICT',
    NoAction: 'NO ACTION',
    SetNull: 'SET NULL',
    SetDefault: 'SET DEFAULT',
  };
  const name = names[prismaAction];
  if (!name) throw new Error(`unknown referential action ${prismaAction}`);
  return name;
}

// ───────────────────────────── actual: from pg_catalog ─────────────────────────────

function shortType(formatted: string): string {
  return formatted
    .replace(/^timestamp(\(\d+\))? with time zone/, (_, p = '(6)') => `timestamptz${p}`)
    .replace(/^timestamp(\(\d+\))? without time zone/, (_, p = '(6)') => `timestamp${p}`)
    .replace(/^time(\(\d+\))? without time zone/, (_, p = '(6)') => `time${p}`)
    .replace(/^character varying/, 'varchar')
    .replace(/^character/, 'char');
}

/** Strips the type casts Postgres adds to stored defaults ('user'::"Role" → 'user'), and names sequences/now. */
function normaliseDefault(expression: string | null, ownsSequence: boolean): string | null {
  if (expression === null) return null;
  if (/^nextval\('.*'::regclass\)$/.test(expression)) {
    return ownsSequence ? 'autoincrement()' : `${expression} (sequence not owned by the column)`;
  }
  if (expression === 'CURRENT_TIMESTAMP' || expression === 'now()') return 'now()';
  const literal = /^('(?:[^']|'')*')(?:::[\w" ]+(?:\[\])?)*$/.exec(expression);
  if (literal) return literal[1];
  const array = /^(ARRAY\[[-\d., ]*\])(?:::[\w ]+\[\])?$/.exec(expression);
  if (array) return array[1];
  const number = /^\(?(-?\d+(?:\.\d+)?)\)?(?:::[\w ]+)?$/.exec(expression);
  if (number) return number[1];
  return expression;
}

const ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** Tables, columns, keys, indexes and enums of the connection's current schema. */
export async function introspectDatabase(client: pg.Client | pg.PoolClient): Promise<SchemaShape> {
  const shape: SchemaShape = { enums: {}, tables: {} };

  const enums = await client.query<{ name: string; value: string }>(`
    SELECT t.typname AS name, e.enumlabel AS value
    FROM pg_type t
    JOIN pg_enum e ON e.enumtypid = t.oid
    WHERE t.typnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
    ORDER BY t.typname, e.enumsortorder`);
  for (const row of enums.rows) (shape.enums[row.name] ??= []).push(row.value);

  const columns = await client.query<{
    table: string;
    column: string;
    type: string;
    enum_name: string | null;
    element_enum: string | null;
    not_null: boolean;
    default: string | null;
    owns_sequence: boolean;
  }>(`
    SELECT c.relname AS table, a.attname AS column,
           format_type(a.atttypid, a.atttypmod) AS type,
           CASE WHEN t.typtype = 'e' THEN t.typname END AS enum_name,
           CASE WHEN et.typtype = 'e' THEN et.typname END AS element_enum,
           a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS default,
           pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL AS owns_sequence
    FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum`);
  for (const row of columns.rows) {
    if (IGNORED_TABLES.has(row.table)) continue;
    const table = (shape.tables[row.table] ??= {
      columns: {},
      primaryKey: null,
      uniques: [],
      indexes: [],
      foreignKeys: [],
      otherConstraints: [],
    });
    table.columns[row.column] = {
      type: row.enum_name ? `enum ${row.enum_name}` : row.element_enum ? `enum ${row.element_enum}[]` : shortType(row.type),
      nullable: !row.not_null,
      default: normaliseDefault(row.default, row.owns_sequence),
    };
  }

  // Every index (plain, unique, the primary key's), with columns in index order. Uniques created as
  // constraints and as unique indexes are both reported as uniques, as Prisma treats them alike.
  const indexes = await client.query<{
    table: string;
    name: string;
    is_primary: boolean;
    is_unique: boolean;
    method: string;
    columns: string[];
    predicate: string | null;
  }>(`
    SELECT t.relname AS table, i.relname AS name, x.indisprimary AS is_primary, x.indisunique AS is_unique,
           am.amname AS method, pg_get_expr(x.indpred, x.indrelid, true) AS predicate,
           ARRAY(
             SELECT coalesce(a.attname, pg_get_indexdef(x.indexrelid, k.n::int, true))
                    || CASE WHEN x.indoption[k.n - 1] & 1 = 1 THEN ' DESC' ELSE '' END
                    || CASE WHEN oc.opcdefault THEN '' ELSE ' ' || oc.opcname END
             FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
             LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum AND k.attnum > 0
             LEFT JOIN pg_opclass oc ON oc.oid = x.indclass[k.n - 1]
             WHERE k.n <= x.indnkeyatts
             ORDER BY k.n
           ) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_am am ON am.oid = i.relam
    WHERE t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
    ORDER BY t.relname, i.relname`);
  for (const row of indexes.rows) {
    const table = shape.tables[row.table];
    if (!table) continue;
    const index: IndexShape = { name: row.name, columns: row.columns, method: row.method };
    if (row.predicate) index.where = row.predicate.replace(/^\((.*)\)$/s, '$1');
    if (row.is_primary) table.primaryKey = { name: row.name, columns: row.columns };
    else (row.is_unique ? table.uniques : table.indexes).push(index);
  }

  const foreignKeys = await client.query<{
    table: string;
    name: string;
    columns: string[];
    referenced_table: string;
    referenced_columns: string[];
    on_delete: string;
    on_update: string;
  }>(`
    SELECT t.relname AS table, con.conname AS name, rt.relname AS referenced_table,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS referenced_columns,
           con.confdeltype AS on_delete, con.confupdtype AS on_update
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class rt ON rt.oid = con.confrelid
    WHERE con.contype = 'f' AND t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
    ORDER BY t.relname, con.conname`);
  for (const row of foreignKeys.rows) {
    const table = shape.tables[row.table];
    if (!table) continue;
    table.foreignKeys.push({
      name: row.name,
      columns: row.columns,
      referencedTable: row.referenced_table,
      referencedColumns: row.referenced_columns,
      onDelete: ACTIONS[row.on_delete] ?? row.on_delete,
      onUpdate: ACTIONS[row.on_update] ?? row.on_update,
    });
  }

  // Check constraints, triggers, views… are outside what schema.prisma can describe; report them so a
  // migration cannot add them unnoticed. (NOT NULL is not a pg_constraint row before Postgres 18.)
  const other = await client.query<{ table: string; name: string; kind: string }>(`
    SELECT t.relname AS table, con.conname AS name, con.contype AS kind
    FROM pg_constraint con JOIN pg_class t ON t.oid = con.conrelid
    WHERE con.contype NOT IN ('p', 'u', 'f', 'n') AND t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`);
  for (const row of other.rows) {
    const table = shape.tables[row.table];
    const kinds: Record<string, string> = { c: 'check', x: 'exclusion', t: 'trigger' };
    if (table) table.otherConstraints.push(`${kinds[row.kind] ?? row.kind} constraint ${row.name}`);
  }
  return shape;
}

// ───────────────────────────── the comparison ─────────────────────────────

function describeColumn(c: ColumnShape): string {
  return c.nullable ? `nullable ${c.type}` : `${c.type} NOT NULL`;
}

function describeIndex(kind: string, table: string, index: IndexShape): string {
  const method = index.method === 'btree' ? '' : ` USING ${index.method}`;
  return `${kind} ${index.name} ON ${table}${method} (${index.columns.join(', ')})${index.where ? ` WHERE ${index.where}` : ''}`;
}

function describeForeignKey(table: string, fk: ForeignKeyShape): string {
  return (
    `foreign key ${fk.name}: ${table}(${fk.columns.join(', ')}) → ${fk.referencedTable}(${fk.referencedColumns.join(', ')}) ` +
    `ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`
  );
}

/** Compares lists of named things by description; reports missing and unexpected ones. */
function diffDescribed(differences: string[], expected: string[], actual: string[]) {
  for (const e of expected) if (!actual.includes(e)) differences.push(`missing ${e}`);
  for (const a of actual) if (!expected.includes(a)) differences.push(`unexpected ${a}`);
}

/** Human-readable differences between the expected and actual schema; empty when they match. */
export function diffSchemas(expected: SchemaShape, actual: SchemaShape): string[] {
  const differences: string[] = [];

  for (const [name, values] of Object.entries(expected.enums)) {
    const found = actual.enums[name];
    if (!found) differences.push(`missing enum ${name} (${values.join(', ')})`);
    else if (found.join(',') !== values.join(',')) {
      differences.push(`enum ${name}: expected values (${values.join(', ')}), found (${found.join(', ')})`);
    }
  }
  for (const name of Object.keys(actual.enums)) {
    if (!expected.enums[name]) differences.push(`unexpected enum ${name} (not in schema.prisma)`);
  }

  for (const [tableName, e] of Object.entries(expected.tables)) {
    const a = actual.tables[tableName];
    if (!a) {
      differences.push(`missing table ${tableName}`);
      continue;
    }
    for (const [columnName, ec] of Object.entries(e.columns)) {
      const ac = a.columns[columnName];
      const where = `column ${tableName}.${columnName}`;
      if (!ac) {
        differences.push(`missing ${where} (expected ${describeColumn(ec)})`);
        continue;
      }
      if (ec.type !== ac.type || ec.nullable !== ac.nullable) {
        differences.push(`${where}: expected ${describeColumn(ec)}, found ${describeColumn(ac)}`);
      }
      if (!sameDefault(ec.default, ac.default)) {
        differences.push(`${where}: expected default ${ec.default ?? '(none)'}, found ${ac.default ?? '(none)'}`);
      }
    }
    for (const columnName of Object.keys(a.columns)) {
      if (!e.columns[columnName]) {
        differences.push(`unexpected column ${tableName}.${columnName} (${describeColumn(a.columns[columnName])})`);
      }
    }

    const pk = (p: TableShape['primaryKey']) => (p ? `${p.name} (${p.columns.join(', ')})` : '(none)');
    if (pk(e.primaryKey) !== pk(a.primaryKey)) {
      differences.push(`table ${tableName}: expected primary key ${pk(e.primaryKey)}, found ${pk(a.primaryKey)}`);
    }
    diffDescribed(
      differences,
      e.uniques.map((i) => describeIndex('unique index', tableName, i)),
      a.uniques.map((i) => describeIndex('unique index', tableName, i)),
    );
    diffDescribed(
      differences,
      e.indexes.map((i) => describeIndex('index', tableName, i)),
      a.indexes.map((i) => describeIndex('index', tableName, i)),
    );
    diffDescribed(
      differences,
      e.foreignKeys.map((fk) => describeForeignKey(tableName, fk)),
      a.foreignKeys.map((fk) => describeForeignKey(tableName, fk)),
    );
    diffDescribed(
      differences,
      e.otherConstraints.map((c) => `${c} on ${tableName}`),
      a.otherConstraints.map((c) => `${c} on ${tableName}`),
    );
  }
  for (const tableName of Object.keys(actual.tables)) {
    if (!expected.tables[tableName]) differences.push(`unexpected table ${tableName} (no model maps to it)`);
  }
  return differences;
}

function sameDefault(expected: string | null, actual: string | null): boolean {
  if (expected === actual) return true;
  if (expected === null || actual === null) return false;
  const number = (s: string) => (/^'?-?\d+(\.\d+)?'?$/.test(s) ? Number(s.replaceAll("'", '')) : NaN);
  return !Number.isNaN(number(expected)) && number(expected) === number(actual);
}
