import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SimulatorOptions } from '../simulator/server.ts';
import { startControlledMailServer, type ControlledMailServer } from './alerts.ts';
import { readMailbox, type ReceivedMail } from './mail-server.ts';
import { startScraperScenario, type ScraperScenario } from './scraper-scenario.ts';

// The world of an alert scenario test: a scraper scenario (testing/scraper-scenario.ts) whose alert step e-mails
// through nodemailer to a real SMTP server whose mailbox the test reads.
// Its own module, so the tests that only write settings (testing/alerts.ts) do not load the simulator.

export interface AlertScenario extends ScraperScenario {
  /** The SMTP server SMTP_URL points at. */
  mail: ControlledMailServer;
  /** Where the SMTP server writes each message it receives (readMailbox). */
  mailDir: string;
  /** The e-mails received for `user`, in the order received. */
  mailsTo(user: { email: string }): ReceivedMail[];
  /** Stops the simulator and the SMTP server, drops the database and removes the mailbox. */
  stop(): Promise<void>;
}

/**
 * Starts an alert scenario: the SMTP server, the simulator for the scraper (with SMTP_URL and `env`,
 * testing/simulator.ts) and a database named after `label` from the reference template. Configuration is read
 * once per process: everything is in place before anything reads it, so call this first, in beforeAll.
 */
export async function startAlertScenario(label: string, simulator: SimulatorOptions, env: Record<string, string> = {}): Promise<AlertScenario> {
  const mailDir = mkdtempSync(path.join(tmpdir(), `nbt-${label}-mail-`));
  let scraper: ScraperScenario | undefined;
  let mail: ControlledMailServer | undefined;
  const stop = async () => {
    await scraper?.stop();
    await mail?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    mail = await startControlledMailServer(mailDir);
    scraper = await startScraperScenario(label, simulator, { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, ...env });
  } catch (error) {
    await stop().catch(() => undefined); // the failure to report is the first
    throw error;
  }
  return {
    sim: scraper.sim,
    database: scraper.database,
    mail,
    mailDir,
    mailsTo: (user) => readMailbox(mailDir).filter((m) => m.to.includes(user.email.toLowerCase())),
    stop,
  };
}
