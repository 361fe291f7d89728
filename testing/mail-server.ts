import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for tests: nodemailer delivers to it over TCP exactly as it would to a mail
// provider. Each message is parsed and written as JSON to a directory any test process can read.

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** What to do with one RCPT TO: accept it, never answer (the client hangs), or refuse it with an error. */
export type RecipientVerdict = 'accept' | 'stall' | Error;

export async function startMailServer(
  dir: string,
  options: { onRecipient?: (to: string) => RecipientVerdict } = {},
): Promise<{ port: number; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const verdict = options.onRecipient?.(address.address.toLowerCase()) ?? 'accept';
      if (verdict === 'stall') return;
      callback(verdict === 'accept' ? undefined : verdict);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            receivedAt: new Date().toISOString(),
          };
          const name = `${Date.now()}-${process.pid}-${String(counter++).padStart(4, '0')}.json`;
          writeFileSync(path.join(dir, name), JSON.stringify(mail));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  // smtp-server reports a client's broken connection as an 'error' event on the server; unheard, it would be an
  // uncaught exception in the test process. A client killed mid-session (the alert tests' kill -9) is expected.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('[mail-server]', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function readMailbox(dir: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits until a message to `to` (optionally matching the subject) arrives; returns the newest. */
export async function waitForMail(
  dir: string,
  to: string,
  options: { subject?: RegExp; timeoutMs?: number; after?: Date } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const address = to.toLowerCase();
  for (;;) {
    const match = readMailbox(dir)
      .filter((m) => m.to.includes(address))
      .filter((m) => !options.subject || options.subject.test(m.subject))
      .filter((m) => !options.after || new Date(m.receivedAt) >= options.after)
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to}${options.subject ? ` matching ${options.subject}` : ''} arrived`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
