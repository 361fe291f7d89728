// Set-based inserts: each statement sends one array per column and unnests them on the server, so a
// chunk of thousands of rows costs one round trip (and one parse) instead of one query per row.

/** The part of a Prisma client (or transaction client) the seed uses. */
export interface SqlClient {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface Column {
  name: string;
  /** Postgres element type of the array, e.g. int, text, timestamptz, date, "ChangeType". */
  type: string;
  values: unknown[];
}

export const CHUNK_ROWS = 10_000;

/** INSERT INTO table (columns) SELECT * FROM unnest(...) in chunks; returns the rows inserted. */
export async function insertColumns(
  client: SqlClient,
  table: string,
  columns: Column[],
  options: { suffix?: string; chunk?: number } = {},
): Promise<number> {
  const rows = columns[0]?.values.length ?? 0;
  for (const c of columns) {
    if (c.values.length !== rows) throw new Error(`insert ${table}: column ${c.name} has ${c.values.length} values, expected ${rows}`);
  }
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays}) ${options.suffix ?? ''}`;
  const size = options.chunk ?? CHUNK_ROWS;
  let inserted = 0;
  for (let start = 0; start < rows; start += size) {
    inserted += await client.$executeRawUnsafe(sql, ...columns.map((c) => c.values.slice(start, start + size)));
  }
  return inserted;
}

export const iso = (ms: number) => new Date(ms).toISOString();
