import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServer, type EmbeddedServer } from './embedded.ts';

// The embedded database is one PGlite backend shared by the web process, the scraper and the scripts.
// Its server (lib/db/pglite-server.ts) must give every connection its own unit of work: before, two
// connections' extended-protocol batches interleaved and a statement ran with another's parameters
// ('invalid input syntax for type bigint: "interested"', wrong rows where the types matched).

let server: EmbeddedServer;

beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: 'memory://' });
  await query('CREATE TABLE load_rows (owner text NOT NULL, seq int NOT NULL, payload text NOT NULL, PRIMARY KEY (owner, seq))');
});
afterAll(() => server?.stop());

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** One process of embedded-load-child.ts: its JSON summary. */
function loadFrom(name: string, rounds: number): Promise<{ name: string; right: number; wrong: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('testing/embedded-load-child.ts'), name, String(rounds)], {
      env: { ...process.env, DATABASE_URL: server.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`load child ${name} exited ${code}: ${err || out}`));
    });
  });
}

/** A bare wire-protocol connection that has finished its start-up, for messages no driver sends on its own. */
async function rawConnection(): Promise<net.Socket> {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(Buffer.concat([startup, params]));
  await new Promise<void>((resolve) => {
    let seen = Buffer.alloc(0);
    const onData = (data: Buffer) => {
      seen = Buffer.concat([seen, data]);
      if (seen.includes(Buffer.from([0x5a, 0, 0, 0, 5, 0x49]))) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  return socket;
}

function frontendMessage(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

const parse = (sql: string) => frontendMessage('P', Buffer.concat([Buffer.from(`\0${sql}\0`), Buffer.alloc(2)]));
const bindNoParams = () => frontendMessage('B', Buffer.concat([Buffer.from('\0\0'), Buffer.alloc(6)]));

describe('the embedded database under concurrency', () => {
  it('two processes, many connections each: every answer is its own statement’s, every write lands once', async () => {
    const rounds = 60;
    const [web, scraper] = await Promise.all([loadFrom('web', rounds), loadFrom('scraper', rounds)]);
    for (const result of [web, scraper]) {
      expect(result.wrong, result.name).toEqual([]);
      expect(result.right, result.name).toBe(rounds * 5 + 1);
    }
    expect(await query('SELECT owner, count(*)::int AS n FROM load_rows GROUP BY owner ORDER BY owner')).toEqual([
      { owner: 'scraper', n: rounds },
      { owner: 'web', n: rounds },
    ]);
  }, 120_000);

  it('a transaction is never seen half-done: others wait for its end and then see all of it', async () => {
    const writer = new pg.Client({ connectionString: server.url });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(`INSERT INTO load_rows VALUES ('tx', 1, 'one')`);
      let answered = false;
      const reader = query<{ n: number }>(`SELECT count(*)::int AS n FROM load_rows WHERE owner = 'tx'`).then((rows) => {
        answered = true;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      await writer.query(`INSERT INTO load_rows VALUES ('tx', 2, 'two')`);
      await writer.query('COMMIT');
      expect(await reader).toEqual([{ n: 2 }]);
    } finally {
      await writer.end();
    }
  });

  it('a client that dies inside a transaction leaves nothing of it, and the next client is served', async () => {
    const doomed = new pg.Client({ connectionString: server.url });
    doomed.on('error', () => {});
    await doomed.connect();
    await doomed.query('BEGIN');
    await doomed.query(`INSERT INTO load_rows VALUES ('doomed', 1, 'never committed')`);
    const waiting = query<{ n: number }>(`SELECT count(*)::int AS n FROM load_rows WHERE owner = 'doomed'`);
    (doomed as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    expect(await waiting).toEqual([{ n: 0 }]);
    expect(await query('SELECT $1::int + 1 AS n', [41])).toEqual([{ n: 42 }]);
  });

  it('a client that dies in the middle of a batch (no Sync), even after an error, does not stall or poison the next', async () => {
    for (const sql of ['SELECT 1', 'SELEKT broken']) {
      const socket = await rawConnection();
      socket.write(Buffer.concat([parse(sql), bindNoParams()]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = query<{ answer: string }>('SELECT $1::text AS answer', [sql]);
      socket.destroy();
      expect(await next).toEqual([{ answer: sql }]);
    }
  });
});
