import { db } from '../db/index.ts';
import { firstLine } from '../db/lost-connection.ts';
import { cycleTimes } from '../ingest/cycle-record.ts';
import { stalledSince } from '../ingest/schedule.ts';
import { sendMail } from '../mail/index.ts';
import { scraperStalledEmail } from '../mail/templates.ts';
import { usDateTime } from '../reports-client/format.ts';

// Whether the scraper is keeping up (issue 36): during polling hours, a scraper of which no cycle has finished for
// two intervals has stalled (lib/ingest/schedule.ts stalledSince). /api/health and /admin's source health say
// "scraper stalled since …"; the scraper's own watchdog writes it to its heartbeat, which the compose healthcheck
// reads (scripts/scraper-healthcheck.mjs), and e-mails the admins once per stall.

export interface ScraperState {
  /** running: cycles finish on schedule; stalled: none has for two intervals; never_run: no cycle recorded yet. */
  state: 'running' | 'stalled' | 'never_run';
  /** When the latest cycle finished (ISO), or null. */
  last_cycle_finished_at: string | null;
  /** The first scheduled cycle of which none finished (ISO), while stalled. */
  stalled_since: string | null;
  /** In words, for the screens and the log. */
  message: string;
}

/** The words of a stall, as the health report, /admin and the scraper's log say them. */
export function stallWords(since: Date, lastFinished: Date | null): string {
  return `scraper stalled since ${usDateTime(since.toISOString())}: ${lastFinished ? `no cycle has finished since ${usDateTime(lastFinished.toISOString())}` : 'no cycle has finished yet'}`;
}

/**
 * The scraper's state at `now`. `startedAt`: when the judging scraper process started (its watchdog), so a scraper
 * just restarted gets two intervals of its own before it counts as stalled; the health report judges the cycles only.
 */
export async function scraperState(now: Date, startedAt?: Date): Promise<ScraperState> {
  const { lastFinishedAt, firstStartedAt } = await cycleTimes();
  const recorded = lastFinishedAt ?? firstStartedAt;
  const reference = [recorded, startedAt].filter((d): d is Date => d instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0];
  if (!reference) return { state: 'never_run', last_cycle_finished_at: null, stalled_since: null, message: 'no scraper cycle has run yet' };
  const since = stalledSince(now, reference);
  const last = lastFinishedAt?.toISOString() ?? null;
  if (!since) {
    return { state: 'running', last_cycle_finished_at: last, stalled_since: null, message: lastFinishedAt ? `last cycle finished ${usDateTime(last)}` : 'the first cycle is running' };
  }
  return { state: 'stalled', last_cycle_finished_at: last, stalled_since: since.toISOString(), message: stallWords(since, lastFinishedAt) };
}

/**
 * Tells every active admin about a stall, once: the stall is recorded by when it began (scraper_stalls), so the next
 * check, from this process or another, finds it told. Returns how many admins were e-mailed (0: told before).
 */
export async function noticeStall(state: ScraperState, log: (line: string) => void = () => {}): Promise<number> {
  if (state.state !== 'stalled' || !state.stalled_since) return 0;
  const since = new Date(state.stalled_since);
  const inserted = await db.$executeRaw`INSERT INTO scraper_stalls (since) VALUES (${since}) ON CONFLICT (since) DO NOTHING`;
  if (inserted === 0) return 0;
  const admins = await db.user.findMany({ where: { role: 'admin', status: 'active' }, select: { email: true } });
  let told = 0;
  for (const admin of admins) {
    const sent = await sendMail(scraperStalledEmail(admin.email, state.message)).catch((error) => ({ ok: false as const, error: firstLine(error) }));
    if (sent.ok) told++;
    else log(`stall e-mail to ${admin.email} failed: ${sent.error}`);
  }
  await db.scraperStall.update({ where: { since }, data: { adminsTold: told } });
  log(`${state.message}; told ${told} admin(s) by e-mail`);
  return told;
}
