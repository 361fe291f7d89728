import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { db } from '../db/index.ts';
import { env, isDeployment } from '../env.ts';

// One way to send mail. SMTP through nodemailer when SMTP_URL is set; otherwise (development, the demo)
// the message goes to a readable outbox: printed to the console and written to MAIL_OUTBOX_DIR. A
// deployment (production outside demo mode) has no outbox: without SMTP_URL it refuses to start
// (lib/ops/preflight.ts), and should a send get here anyway it fails rather than print codes and links.
// A message is never silently dropped, and every attempt is recorded in email_log (without its body).

export interface MailMessage {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export type SendResult = { ok: true; via: 'smtp' | 'outbox' } | { ok: false; error: string };

let transporter: Transporter | undefined;

function smtp(): Transporter | undefined {
  const url = env().SMTP_URL;
  if (!url) return undefined;
  transporter ??= nodemailer.createTransport(url, { from: env().MAIL_FROM });
  return transporter;
}

function writeToOutbox(message: MailMessage): void {
  const dir = path.resolve(env().MAIL_OUTBOX_DIR);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${message.kind}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`);
  writeFileSync(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`);
  console.log(`[mail] (no SMTP_URL) ${message.kind} to ${message.to}: "${message.subject}" → ${file}\n${message.text}`);
}

export async function sendMail(message: MailMessage): Promise<SendResult> {
  let result: SendResult;
  const transport = smtp();
  if (transport) {
    try {
      await transport.sendMail({
        from: env().MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      result = { ok: true, via: 'smtp' };
    } catch (error) {
      result = { ok: false, error: (error as Error).message };
      console.error(`[mail] sending ${message.kind} to ${message.to} failed: ${result.error}`);
    }
  } else if (isDeployment()) {
    result = { ok: false, error: 'no mail transport: SMTP_URL is not set' };
    console.error(`[mail] ${message.kind} to ${message.to} not sent: SMTP_URL is not set`);
  } else {
    writeToOutbox(message);
    result = { ok: true, via: 'outbox' };
  }
  await db.emailLog
    .create({
      data: {
        to: message.to,
        kind: message.kind,
        subject: message.subject,
        status: result.ok ? (result.via === 'smtp' ? 'sent' : 'outbox') : 'failed',
        error: result.ok ? null : result.error.slice(0, 500),
      },
    })
    .catch((error) => console.error('[mail] could not record the attempt:', error));
  return result;
}
