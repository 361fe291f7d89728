import { env } from '../env.ts';
import { findRunningEmbeddedServer, startEmbeddedServer } from './embedded.ts';

export type DatabaseKind = 'postgres' | 'embedded';

export interface DatabaseConnection {
  url: string;
  kind: DatabaseKind;
  /** What start-up prints: which database this process uses. */
  description: string;
  close(): Promise<void>;
}

/**
 * For scripts and the start command: DATABASE_URL when set; otherwise the embedded server another
 * process already runs on the data dir; otherwise an embedded server owned by this process.
 */
export async function connectDatabase(options: { announce?: boolean } = {}): Promise<DatabaseConnection> {
  const { DATABASE_URL, EMBEDDED_DB_DIR } = env();
  if (DATABASE_URL) {
    const u = new URL(DATABASE_URL);
    return {
      url: DATABASE_URL,
      kind: 'postgres',
      description: `Postgres at ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: async () => {},
    };
  }
  const shared = await findRunningEmbeddedServer(EMBEDDED_DB_DIR);
  if (shared) {
    return {
      url: shared,
      kind: 'embedded',
      description: `embedded Postgres (PGlite, ${EMBEDDED_DB_DIR}) shared with the running app`,
      close: async () => {},
    };
  }
  const server = await startEmbeddedServer({ dataDir: EMBEDDED_DB_DIR, announce: options.announce });
  return {
    url: server.url,
    kind: 'embedded',
    description: `embedded Postgres (PGlite, data in ${EMBEDDED_DB_DIR}) on ${new URL(server.url).host}`,
    close: () => server.stop(),
  };
}
