// A lost database connection (the server restarted, an administrator ended the session, the network dropped)
// is not a failure of the work: the pools open a new connection at the next statement, so work that is one
// transaction (rolled back with the connection) can simply run again. Anything else is a real failure.

/** SQLSTATEs of a connection that ended: admin_shutdown, crash_shutdown, cannot_connect_now, class 08. */
const LOST_STATES = ['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006'];
const LOST_WORDS = [
  'Connection terminated',
  'connection terminated',
  'terminating connection',
  'server closed the connection',
  'Server has closed the connection',
  "Can't reach database server",
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'Client has encountered a connection error',
];

/** Whether `error` (node-postgres's, or Prisma's wrapping of it) says the connection was lost. */
export function isLostConnection(error: unknown): boolean {
  // Bounded: an error's cause chain is followed a few links only (a cycle in it must not loop).
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && LOST_STATES.includes(code)) return true;
    if (typeof message === 'string' && (LOST_STATES.some((s) => message.includes(s)) || LOST_WORDS.some((w) => message.includes(w)))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Attempts of retryOnLostConnection, and the pause before each new one (the server may be restarting). */
export const LOST_CONNECTION_ATTEMPTS = 3;
export const LOST_CONNECTION_PAUSE_MS = 1_000;

/**
 * Runs `work` (one transaction, or statements that may safely run twice); when it fails because the connection was
 * lost, runs it again on a new one, up to LOST_CONNECTION_ATTEMPTS in all. Any other error, or the last one, is thrown.
 */
export async function retryOnLostConnection<T>(work: () => Promise<T>, options: { attempts?: number; pauseMs?: number; log?: (line: string) => void } = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? LOST_CONNECTION_ATTEMPTS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isLostConnection(error)) throw error;
      options.log?.(`database connection lost (${firstLine(error)}); trying again on a new connection (${attempt + 1} of ${attempts})`);
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? LOST_CONNECTION_PAUSE_MS * attempt));
    }
  }
}

/** The first line of an error's message: Prisma's are long. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
  // Prisma starts with "Invalid `prisma.$queryRaw()` invocation:"; the cause is on the last line.
  return (lines.length > 1 && lines[0].startsWith('Invalid `') ? lines.at(-1)! : (lines[0] ?? '')).slice(0, 300);
}
