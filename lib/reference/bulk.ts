import { Prisma } from '../db/index.ts';

// Set-based inserts: each statement sends one array per column and unnests them on the server, so a
// chunk of thousands of rows costs one round trip (and one parse) instead of one query per row.

/** The part of a Prisma client (or transaction client) the seed uses: tagged-template raw SQL only. */
export interface SqlClient {
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<number>;
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): PromiseLike<T>;
}

export interface Column {
  /** A column of `table`, written in the code (never input): it becomes a quoted identifier. */
  name: string;
  /** Postgres element type of the array, e.g. int, text, timestamptz, date, "ChangeType" (a constant of the code). */
  type: string;
  values: unknown[];
}

export const CHUNK_ROWS = 10_000;

/** A name as a quoted SQL identifier. Only for names written in the code; the values are always parameters. */
export const identifier = (name: string) => Prisma.raw(`"${name.replaceAll('"', '""')}"`);
/** A type name of the code (letters, digits, underscores, optionally quoted): anything else is refused. */
const typeName = (type: string) => {
  if (!/^("[A-Za-z_][A-Za-z0-9_]*"|[A-Za-z_][A-Za-z0-9_ ]*)$/.test(type)) throw new Error(`not a type name: ${type}`);
  return Prisma.raw(type);
};

/** INSERT INTO table (columns) SELECT * FROM unnest(...) in chunks; returns the rows inserted. */
export async function insertColumns(
  client: SqlClient,
  table: string,
  columns: Column[],
  options: { onConflictDoNothing?: boolean; chunk?: number } = {},
): Promise<number> {
  const rows = columns[0]?.values.length ?? 0;
  for (const c of columns) {
    if (c.values.length !== rows) throw new Error(`insert ${table}: column ${c.name} has ${c.values.length} values, expected ${rows}`);
  }
  const names = Prisma.join(columns.map((c) => identifier(c.name)));
  const suffix = options.onConflictDoNothing ? Prisma.sql`ON CONFLICT DO NOTHING` : Prisma.empty;
  const size = options.chunk ?? CHUNK_ROWS;
  let inserted = 0;
  for (let start = 0; start < rows; start += size) {
    const arrays = Prisma.join(columns.map((c) => Prisma.sql`${c.values.slice(start, start + size)}::${typeName(c.type)}[]`));
    inserted += await client.$executeRaw`INSERT INTO ${identifier(table)} (${names}) SELECT * FROM unnest(${arrays}) ${suffix}`;
  }
  return inserted;
}

export const iso = (ms: number) => new Date(ms).toISOString();
