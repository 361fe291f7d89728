// The demo's clock: 8 weeks of New York days up to `now`, each with 57 poll times (every 15 minutes
// from 07:00 to 21:00, the scraper's business hours). A poll is an integer index day * 57 + slot, so
// the generators do integer arithmetic and convert to instants only when writing rows.
import { SHIFTED_WEEK_SHARE, truckDays } from '../simulator/delivery-patterns.ts';
import { rng } from './random.ts';
import { isoDate, isWeekday, nyDayNumber, nyParts, nyTime, weekday } from './time.ts';

export const HISTORY_DAYS = 56; // 8 weeks back from today
export const SLOTS_PER_DAY = 57; // 07:00, 07:15, ..., 21:00
export const FIRST_POLL_HOUR = 7;
export const POLL_MINUTES = 15;
/** 10:00, the earliest a truck is seen at a store; deliveries show between 10:00 and 14:00. */
export const DELIVERY_FIRST_SLOT = 12;
export const DELIVERY_LAST_SLOT = 28;
/** Stores open 10:00 (slot 12) to 21:00 Monday to Saturday; sales show in those polls. */
export const OPEN_FIRST_SLOT = 12;

const MINUTE = 60_000;

export class Timeline {
  readonly today: number; // New York day number of `now`
  readonly startDay: number; // day number of day index 0 (the baseline day)
  readonly days: number; // day indexes 0 .. days - 1 (the last is today)
  readonly lastPoll: number; // the last poll index at or before `now`
  readonly nowMinutes: number; // New York minutes since midnight of `now`
  private readonly dayStart: number[]; // epoch ms of 07:00 New York per day index
  private openPollsCache?: Int32Array;

  constructor(readonly now: Date) {
    this.today = nyDayNumber(now);
    this.startDay = this.today - HISTORY_DAYS;
    this.days = HISTORY_DAYS + 1;
    // 07:00-21:00 never spans a DST change (those happen at 02:00), so slots add plain minutes.
    this.dayStart = Array.from({ length: this.days }, (_, d) => nyTime(this.startDay + d, FIRST_POLL_HOUR).getTime());
    const p = nyParts(now);
    this.nowMinutes = p.hour * 60 + p.minute;
    const sinceFirst = this.nowMinutes - FIRST_POLL_HOUR * 60;
    this.lastPoll =
      sinceFirst < 0
        ? (this.days - 2) * SLOTS_PER_DAY + SLOTS_PER_DAY - 1 // before 07:00: yesterday's 21:00 poll
        : (this.days - 1) * SLOTS_PER_DAY + Math.min(SLOTS_PER_DAY - 1, Math.floor(sinceFirst / POLL_MINUTES));
  }

  /** Index of today in the window. */
  get todayIndex(): number {
    return this.days - 1;
  }

  poll(dayIndex: number, slot: number): number {
    return dayIndex * SLOTS_PER_DAY + slot;
  }

  dayOf(poll: number): number {
    return Math.floor(poll / SLOTS_PER_DAY);
  }

  slotOf(poll: number): number {
    return poll % SLOTS_PER_DAY;
  }

  /** Epoch milliseconds of a poll. */
  time(poll: number): number {
    return this.dayStart[this.dayOf(poll)] + this.slotOf(poll) * POLL_MINUTES * MINUTE;
  }

  dayNumber(dayIndex: number): number {
    return this.startDay + dayIndex;
  }

  isWeekday(dayIndex: number): boolean {
    return isWeekday(this.startDay + dayIndex);
  }

  weekday(dayIndex: number): number {
    return weekday(this.startDay + dayIndex);
  }

  isoDate(dayIndex: number): string {
    return isoDate(this.startDay + dayIndex);
  }

  /** The last slot of a day that has happened (-1 when none has). */
  lastSlotOn(dayIndex: number): number {
    if (dayIndex < this.dayOf(this.lastPoll)) return SLOTS_PER_DAY - 1;
    if (dayIndex > this.dayOf(this.lastPoll)) return -1;
    return this.slotOf(this.lastPoll);
  }

  /** Polls in which a store is open (Monday to Saturday, 10:00-21:00), up to the last poll. */
  openPolls(): Int32Array {
    if (this.openPollsCache) return this.openPollsCache;
    const out: number[] = [];
    for (let d = 0; d < this.days; d++) {
      if (this.weekday(d) === 0) continue;
      for (let s = OPEN_FIRST_SLOT; s < SLOTS_PER_DAY; s++) {
        const p = this.poll(d, s);
        if (p > 0 && p <= this.lastPoll) out.push(p);
      }
    }
    this.openPollsCache = Int32Array.from(out);
    return this.openPollsCache;
  }
}

/** Index of the first element of a sorted array greater than `value`. */
export function firstAfter(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface StoreSchedule {
  storeId: number;
  storeNumber: number;
  deliveryDay: string | null;
  intervalDays: number | null;
  /** A twice-weekly store's other weekday (delivery-patterns.ts). */
  alsoOn?: string | null;
  /** Its truck comes on shifted days: off holidays to the next working day, some weeks a day off (truckDays). */
  shifted?: boolean;
}

export interface Delivery {
  dayIndex: number;
  poll: number;
}

const WEEKDAY_INDEX: Record<string, number> = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5 };

/**
 * A store's deliveries in the window: its delivery weekday every week (every other week for 14-day
 * stores, a different weekday each week for "Random" stores, two weekdays for twice-weekly ones; a
 * shifted store's truck off a holiday and, some weeks, a day off its usual one: delivery-patterns.ts
 * truckDays), seen in one poll between 10:00 and 14:00. About 10% are skipped or moved a day, except in
 * the last 8 days, so the last 5 weekdays (and today, once 10:00 has passed) always have arrivals. Only
 * deliveries after the baseline poll and up to the last poll are returned.
 */
export function deliverySchedule(t: Timeline, store: StoreSchedule): Delivery[] {
  if (!store.deliveryDay) return [];
  const out: Delivery[] = [];
  const firstMonday = t.startDay - ((weekday(t.startDay) + 6) % 7);
  for (let monday = firstMonday; monday <= t.today; monday += 7) {
    const week = Math.floor(monday / 7);
    if (store.intervalDays === 14 && (week + store.storeNumber) % 2 !== 0) continue;
    const r = rng('delivery', store.storeNumber, monday);
    const usual = store.deliveryDay === 'Random' ? [r.int(0, 4)] : [(WEEKDAY_INDEX[store.deliveryDay] ?? 1) - 1];
    if (store.alsoOn && WEEKDAY_INDEX[store.alsoOn]) usual.push(WEEKDAY_INDEX[store.alsoOn] - 1);
    const offsets = store.shifted ? truckDays(usual.map((o) => o + 1), monday, true, r.chance(SHIFTED_WEEK_SHARE)).map((d) => d - 1) : usual;
    for (let offset of offsets) {
      let day = monday + offset;
      if (day < t.today - 7 && r.chance(0.1)) {
        if (r.chance(0.5)) continue; // skipped this week
        offset = offset === 0 ? 1 : offset === 4 ? 3 : offset + (r.chance(0.5) ? 1 : -1);
        day = monday + offset;
      }
      const dayIndex = day - t.startDay;
      if (dayIndex < 0 || dayIndex >= t.days || out.some((d) => d.dayIndex === dayIndex)) continue;
      const lastSlot = t.lastSlotOn(dayIndex);
      if (lastSlot < DELIVERY_FIRST_SLOT) continue; // not yet (today before 10:00)
      let slot = r.int(DELIVERY_FIRST_SLOT, DELIVERY_LAST_SLOT);
      if (slot > lastSlot) slot = DELIVERY_FIRST_SLOT + ((slot - DELIVERY_FIRST_SLOT) % (lastSlot - DELIVERY_FIRST_SLOT + 1));
      const poll = t.poll(dayIndex, slot);
      if (poll > 0 && poll <= t.lastPoll) out.push({ dayIndex, poll });
    }
  }
  return out.sort((a, b) => a.poll - b.poll);
}
