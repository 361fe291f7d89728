import net from 'node:net';

// A TCP proxy for tests, in front of a real server, that can turn a connection silent the way a NAT or a
// firewall that forgets it does: from then on the bytes either way are swallowed, and nothing closes.

export interface TcpProxy {
  port: number;
  /** Swallows everything from now on, both ways, on each open connection whose first bytes `match` (e.g. Postgres's startup message). */
  swallow(match: (firstBytes: Buffer) => boolean): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const connections = new Set<{ first: Buffer | null; silent: boolean; client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const conn = { first: null as Buffer | null, silent: false, client, upstream };
    connections.add(conn);
    client.on('data', (chunk) => {
      conn.first ??= chunk;
      if (!conn.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!conn.silent) client.write(chunk);
    });
    const end = () => {
      connections.delete(conn);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    swallow(match) {
      let count = 0;
      for (const conn of connections) {
        if (conn.first && match(conn.first)) {
          conn.silent = true;
          count++;
        }
      }
      return count;
    },
    async close() {
      for (const conn of connections) {
        conn.client.destroy();
        conn.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
