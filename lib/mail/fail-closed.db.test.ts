import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../../testing/sql.ts';

// A deployment (production outside demo mode) has no outbox: should a message be sent without SMTP_URL
// (the app and the scraper refuse to start that way), it fails and is recorded as failed; the code or
// link it carries is neither printed nor written to disk.
const outbox = mkdtempSync(path.join(os.tmpdir(), 'nbt-outbox-'));
Object.assign(process.env, { NODE_ENV: 'production', ALLOW_WEAK_BCRYPT: 'true', DEMO_MODE: 'false', MAIL_OUTBOX_DIR: path.join(outbox, 'mail') });
delete process.env.SMTP_URL;
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

describe('sendMail in a deployment without SMTP_URL', () => {
  it('fails, records the failure and leaks nothing', async () => {
    const { sendMail } = await import('./index.ts');
    const printed: string[] = [];
    for (const method of ['log', 'error', 'warn', 'info'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(' ')));
    }
    const to = `fail-closed-${Date.now()}@example.test`;
    const result = await sendMail({ to, kind: 'verification', subject: 'Your code', text: 'Your code is 314159', html: '<p>314159</p>' });
    vi.restoreAllMocks();

    expect(result).toEqual({ ok: false, error: 'no mail transport: SMTP_URL is not set' });
    expect(printed.join('\n')).not.toContain('314159');
    expect(printed.join('\n')).toContain(`verification to ${to} not sent: SMTP_URL is not set`);
    expect(existsSync(path.join(outbox, 'mail')) ? readdirSync(path.join(outbox, 'mail')) : []).toEqual([]);
    expect(await sql('SELECT kind, status, error FROM email_log WHERE "to" = $1', [to])).toEqual([
      { kind: 'verification', status: 'failed', error: 'no mail transport: SMTP_URL is not set' },
    ]);
  });
});
