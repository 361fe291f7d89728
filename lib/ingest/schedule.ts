import { DAY_MS, NY_TZ, nyWallClock, nyWallToUtcMs } from '../time.ts';

/** Every 15 minutes from 07:00 to 21:00 New York time (21:00 included). */
export const SCRAPER_SCHEDULES = ['*/15 7-20 * * *', '0 21 * * *'] as const;
export const SCRAPER_TIMEZONE = NY_TZ;

/** Minutes between two cycles of the schedule. */
export const CYCLE_MINUTES = 15;
/** A day in minutes: Wake's everyday products are asked once a day, each in its slot (lib/ingest/tiers.ts). */
export const DAY_MINUTES = DAY_MS / 60_000;
const FIRST_CYCLE = 7 * 60;
const LAST_CYCLE = 21 * 60;
/** A board's poll counts as on time this much early: cycles start a few seconds apart from one another. */
export const CADENCE_SLACK_MINUTES = 5;

/**
 * When the scraper, having asked about a product at `at`, will ask again if it asks every `everyMinutes`:
 * the first cycle of the schedule at least that long after (less CADENCE_SLACK_MINUTES, as runner.ts's
 * boardDue counts a poll due). A night without cycles moves it to 07:00: stock confirmed at 21:00 is next
 * asked about at 07:00, so it is not overdue overnight. Counted on New York's wall clock, so Wake's everyday
 * products (asked once a day, in the same slot) keep their slot across a DST change.
 */
export function nextAskAt(at: Date, everyMinutes: number): Date {
  const wall = nyWallClock(at.getTime());
  const seconds = wall.hour * 3600 + wall.minute * 60 + wall.second + (at.getTime() % 1000) / 1000;
  const due = wall.dayNumber * 24 * 60 + seconds / 60 + everyMinutes - CADENCE_SLACK_MINUTES;
  let day = Math.floor(due / (24 * 60));
  let minute = Math.ceil((due - day * 24 * 60) / CYCLE_MINUTES) * CYCLE_MINUTES;
  if (minute > LAST_CYCLE) {
    day += 1;
    minute = FIRST_CYCLE;
  } else if (minute < FIRST_CYCLE) {
    minute = FIRST_CYCLE;
  }
  return new Date(nyWallToUtcMs(day, Math.floor(minute / 60), minute % 60));
}

/**
 * The first cycle of the schedule strictly after `at` (07:00, 07:15, …, 21:00 New York time; after 21:00, the next
 * day's 07:00). Arithmetic on the wall clock, no loop: any instant gives an answer within a day and 10 hours.
 */
export function nextCycleAfter(at: Date): Date {
  const wall = nyWallClock(at.getTime());
  const minutes = wall.hour * 60 + wall.minute + wall.second / 60 + (((at.getTime() % 1000) + 1000) % 1000) / 60_000;
  let day = wall.dayNumber;
  let minute = (Math.floor(minutes / CYCLE_MINUTES) + 1) * CYCLE_MINUTES;
  if (minute < FIRST_CYCLE) minute = FIRST_CYCLE;
  else if (minute > LAST_CYCLE) {
    day += 1;
    minute = FIRST_CYCLE;
  }
  return new Date(nyWallToUtcMs(day, Math.floor(minute / 60), minute % 60));
}

/** Cycles of the schedule that may pass without one finishing before the scraper counts as stalled. */
export const STALL_CYCLES = 2;

/**
 * When the scraper stalled, if it has: the first of STALL_CYCLES scheduled cycles after `reference` (the last
 * finished cycle, or when the scraper started if that is later) of which none finished, once the last of them has
 * had its whole interval. Null while it has not. Overnight there are no cycles to miss: a scraper whose 21:00 cycle
 * finished is not stalled before 07:30 the next morning.
 */
export function stalledSince(now: Date, reference: Date): Date | null {
  const first = nextCycleAfter(reference);
  let last = first;
  for (let i = 1; i < STALL_CYCLES; i++) last = nextCycleAfter(last);
  return last.getTime() + CYCLE_MINUTES * 60_000 <= now.getTime() ? first : null;
}
