// One process's share of the embedded database's concurrency test (lib/db/pglite-server.db.test.ts):
// `node --import tsx embedded-load-child.ts <name> <rounds>` with DATABASE_URL set. Many statements at once
// through a pg pool and the product's Prisma client, each of a shape whose answer proves it ran with its
// own parameters: reads of several types, writes in transactions, rolled-back writes. Prints one JSON line:
// how many answers were right, and every wrong answer or error.
import pg from 'pg';
import { db, disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';

const [name, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 40);
const url = process.env.DATABASE_URL!;
await setDatabaseUrl(url);
const pool = new pg.Pool({ connectionString: url, max: 8 });

let right = 0;
const wrong: string[] = [];
function check(what: string, actual: unknown, expected: unknown) {
  if (JSON.stringify(actual) === JSON.stringify(expected)) right++;
  else wrong.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function attempt(what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    wrong.push(`${what}: ${(error as Error).message}`);
  }
}

const round = (i: number) => [
  attempt(`int ${i}`, async () => {
    const { rows } = await pool.query('SELECT $1::int * 2 AS doubled, $2::text AS tag', [i, `${name}-${i}`]);
    check(`int ${i}`, rows[0], { doubled: i * 2, tag: `${name}-${i}` });
  }),
  attempt(`timestamp ${i}`, async () => {
    const at = new Date(Date.UTC(2026, 0, 1, 0, i));
    const { rows } = await pool.query('SELECT $1::timestamptz AS at, $2::bigint + 1 AS next', [at, i]);
    check(`timestamp ${i}`, [rows[0].at.toISOString(), rows[0].next], [at.toISOString(), String(i + 1)]);
  }),
  attempt(`prisma ${i}`, async () => {
    const rows = await db.$queryRaw<{ who: string; n: number }[]>`SELECT ${name}::text || ${`#${i}`}::text AS who, ${i}::int AS n`;
    check(`prisma ${i}`, rows[0], { who: `${name}#${i}`, n: i });
  }),
  attempt(`transaction ${i}`, async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO load_rows (owner, seq, payload) VALUES ($1, $2, $3)', [name, i, `${name}:${i}`]);
      const { rows } = await client.query('SELECT payload FROM load_rows WHERE owner = $1 AND seq = $2', [name, i]);
      await client.query('COMMIT');
      check(`transaction ${i}`, rows, [{ payload: `${name}:${i}` }]);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }),
  attempt(`rollback ${i}`, async () => {
    await db
      // Every round's transaction starts at once and waits for one of the client's few connections: on a
      // busy machine that wait can pass Prisma's default 2 s. What is tested is the answers, not the wait.
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`INSERT INTO load_rows (owner, seq, payload) VALUES (${name}, ${-1 - i}, 'rolled back')`;
          throw new Error('roll back');
        },
        { maxWait: 60_000, timeout: 60_000 },
      )
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
    right++;
  }),
];

await Promise.all(Array.from({ length: rounds }, (_, i) => round(i)).flat());
const { rows } = await pool.query<{ seq: number; payload: string }>('SELECT seq, payload FROM load_rows WHERE owner = $1 ORDER BY seq', [name]);
check('rows written', rows, Array.from({ length: rounds }, (_, i) => ({ seq: i, payload: `${name}:${i}` })));
await pool.end();
await disconnectDb();
console.log(JSON.stringify({ name, right, wrong }));
