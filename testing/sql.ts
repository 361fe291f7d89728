import pg from 'pg';

/** One query on its own connection, for tests that arrange or inspect rows directly. */
export async function sql<T = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
  connectionString = process.env.DATABASE_URL,
): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
