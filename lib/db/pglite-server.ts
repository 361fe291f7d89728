import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// PGlite is one Postgres backend: one session, one unnamed prepared statement, one transaction. Serving
// it to many connections is safe only if a connection's unit of work runs alone: an extended-protocol
// batch (Parse/Bind/Describe/Execute … up to its Sync) and a whole transaction. Interleaving them ran one
// statement with another's parameters (issue 28; the upstream socket server queues single messages).
//
// So a connection takes the backend when it sends its first message and keeps it until the backend says
// the session is idle again: a ReadyForQuery with status 'I' (not 'T' in a transaction or 'E' in a failed
// one). Until then other connections' messages wait in arrival order. A connection that goes away while
// holding the backend has its batch ended (Sync) and its transaction rolled back before the next one runs.

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const READY_FOR_QUERY = 0x5a; // 'Z'
const TERMINATE = 0x58; // 'X'
const IDLE = 0x49; // 'I'
const SYNC_MESSAGE = new Uint8Array([0x53, 0, 0, 0, 4]);

/** First come, first served ownership of the one backend session. */
class SessionLock {
  private owner: Connection | null = null;
  private readonly waiting: { connection: Connection; grant: () => void; refuse: (error: Error) => void }[] = [];

  holds(connection: Connection): boolean {
    return this.owner === connection;
  }

  acquire(connection: Connection): Promise<void> {
    if (this.owner === connection) return Promise.resolve();
    if (!this.owner) {
      this.owner = connection;
      return Promise.resolve();
    }
    return new Promise((grant, refuse) => this.waiting.push({ connection, grant, refuse }));
  }

  release(connection: Connection): void {
    if (this.owner !== connection) return;
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant();
  }

  /** A connection that closed while waiting stops waiting. */
  forget(connection: Connection): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i].connection === connection) this.waiting.splice(i, 1)[0].refuse(new Error('connection closed'));
    }
  }
}

/** Watches the backend's answer, split into chunks anywhere, for ReadyForQuery and its status byte. */
class ReadyForQueryScanner {
  private readonly header = Buffer.alloc(5);
  private headerBytes = 0;
  private remaining = 0;
  private statusNext = false;
  /** The status of the last ReadyForQuery seen, or null when none was. */
  status: number | null = null;

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining > 0) {
        if (this.statusNext) {
          this.status = chunk[i];
          this.statusNext = false;
        }
        const skip = Math.min(this.remaining, chunk.length - i);
        i += skip;
        this.remaining -= skip;
        continue;
      }
      this.header[this.headerBytes++] = chunk[i++];
      if (this.headerBytes === 5) {
        this.headerBytes = 0;
        this.remaining = this.header.readInt32BE(1) - 4;
        this.statusNext = this.header[0] === READY_FOR_QUERY && this.remaining === 1;
      }
    }
  }
}

/** The length of the complete frontend message at the start of `buffer`, or 0 while it is incomplete. */
function completeMessageLength(buffer: Buffer, started: boolean): number {
  if (!started) {
    // Startup, SSL, GSSAPI and cancel requests: a length, then a code, no type byte.
    if (buffer.length < 4) return 0;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : 0;
  }
  if (buffer.length < 5) return 0;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private pumping = false;
  /** A message of this connection is at the backend. */
  private running = false;
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly db: PGlite,
    private readonly lock: SessionLock,
    private readonly onGone: (connection: Connection) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (data) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      void this.pump();
    });
    socket.on('error', () => void this.close());
    socket.on('close', () => void this.close());
  }

  /** Runs this connection's complete messages one after another, in order. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const length = completeMessageLength(this.buffer, this.started);
        if (this.closed || length === 0) break;
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        await this.handle(message);
      }
    } catch {
      await this.close();
    } finally {
      this.pumping = false;
    }
  }

  private async handle(message: Buffer): Promise<void> {
    if (!this.started) {
      const code = message.length >= 8 ? message.readInt32BE(4) : 0;
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write('N'); // no encryption on loopback
        return;
      }
      if (code === CANCEL_REQUEST) {
        this.socket.end(); // one backend: there is no other session to cancel
        return;
      }
      if (code !== PROTOCOL_3) throw new Error(`unsupported startup code ${code}`);
      this.started = true;
    } else if (message[0] === TERMINATE) {
      await this.close();
      return;
    }
    await this.lock.acquire(this); // refused when this connection closes while it waits
    this.running = true;
    const scanner = new ReadyForQueryScanner();
    try {
      if (!this.closed) {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(new Uint8Array(message.buffer, message.byteOffset, message.byteLength), {
            onRawData: (data) => {
              scanner.feed(data);
              if (!this.closed && this.socket.writable) this.socket.write(data);
            },
          }),
        );
      }
    } catch {
      this.markClosed(); // the backend failed mid-message: what this connection expects is unknown
    } finally {
      this.running = false;
    }
    if (scanner.status === IDLE) this.lock.release(this);
    else if (this.closed) await this.endUnitOfWork();
  }

  /** Leaves the session as the next connection expects it: no batch half-sent, no transaction open. */
  private async endUnitOfWork(): Promise<void> {
    try {
      await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC_MESSAGE));
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } finally {
      this.lock.release(this);
    }
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    this.lock.forget(this);
    if (!this.socket.destroyed) this.socket.destroy();
    this.onGone(this);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.markClosed();
    // While a message runs, handle() ends the unit of work when it is done.
    if (this.lock.holds(this) && !this.running) await this.endUnitOfWork();
  }
}

export interface PGliteWireServer {
  /** host:port of the listening socket. */
  address: string;
  stop(): Promise<void>;
}

/** Serves `db` over the Postgres wire protocol on `host:port` (0: any free port), one unit of work at a time. */
export async function servePGlite(db: PGlite, options: { host?: string; port?: number } = {}): Promise<PGliteWireServer> {
  const lock = new SessionLock();
  const connections = new Set<Connection>();
  const server = net.createServer((socket) => {
    connections.add(new Connection(socket, db, lock, (gone) => connections.delete(gone)));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `${host}:${port}`,
    async stop() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...connections].map((c) => c.close()));
      await closing;
    },
  };
}
