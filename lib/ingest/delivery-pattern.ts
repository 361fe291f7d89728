import { db } from '../db/index.ts';
import { MAX_INTERVAL_DAYS } from '../forecast/model.ts';
import { addDays, isYmd, weekdayOf } from '../time.ts';

// A store's delivery shows as many products rising at that store on one day. From those days we infer
// the last delivery date, the usual weekday (or Random) and the interval between deliveries.

/** Products that must rise at a store on one New York day for that day to count as a delivery. */
export const DELIVERY_MIN_PRODUCTS = 5;
/** Share of deliveries that must fall on one weekday for it to be the store's delivery day. */
const WEEKDAY_SHARE = 0.6;
const LOOKBACK_DAYS = 120;

export interface StorePattern {
  lastDeliveryDate: string | null;
  deliveryDay: string | null;
  deliveryIntervalDays: number | null;
}

/**
 * Pure inference from a store's delivery days (YYYY-MM-DD, any order; repeats count once, strings that are not a
 * real date are left out).
 *
 * Range: lastDeliveryDate is the latest day (null without any); with fewer than 3 days nothing more, else
 * deliveryDay is Monday..Friday or 'Random' and deliveryIntervalDays a multiple of 7 in [7, MAX_INTERVAL_DAYS]
 * (lib/forecast/model.ts). Time: a sort of the days.
 */
export function inferPattern(days: string[]): StorePattern {
  // Guard: a malformed day has no weekday (deliveryDay undefined) and makes the median gap NaN.
  const sorted = [...new Set(days.filter(isYmd))].sort();
  if (sorted.length === 0) return { lastDeliveryDate: null, deliveryDay: null, deliveryIntervalDays: null };
  const lastDeliveryDate = sorted.at(-1)!;
  if (sorted.length < 3) return { lastDeliveryDate, deliveryDay: null, deliveryIntervalDays: null };

  const counts = new Map<string, number>();
  for (const d of sorted) counts.set(weekdayOf(d), (counts.get(weekdayOf(d)) ?? 0) + 1);
  const [topDay, topCount] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const deliveryDay = topCount / sorted.length >= WEEKDAY_SHARE && topDay !== 'Saturday' && topDay !== 'Sunday' ? topDay : 'Random';

  const gaps: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    gaps.push(Math.round((Date.parse(sorted[i]) - Date.parse(sorted[i - 1])) / 86_400_000));
  }
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  // Deliveries run on a weekly rhythm; a "Random" store still has a typical spacing. At most MAX_INTERVAL_DAYS:
  // the 120-day lookback never shows more, and a longer one (days given from years apart) is no rhythm.
  const deliveryIntervalDays = Math.min(MAX_INTERVAL_DAYS, Math.max(7, Math.round(median / 7) * 7));
  return { lastDeliveryDate, deliveryDay, deliveryIntervalDays };
}

/** Recomputes every store's pattern from its history, whatever its board (run after inventory polls that wrote changes). */
export async function updateDeliveryPatterns(today: string): Promise<number> {
  const since = addDays(today, -LOOKBACK_DAYS);
  const rows = await db.$queryRaw<{ store_id: number; day: string }[]>`
    SELECT store_id, to_char((checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day
    FROM inventory_history
    WHERE change_type IN ('first', 'increase') AND checked_at >= ${since}::date
    GROUP BY store_id, (checked_at AT TIME ZONE 'America/New_York')::date
    HAVING count(DISTINCT plu) >= ${DELIVERY_MIN_PRODUCTS}`;
  const byStore = new Map<number, string[]>();
  for (const r of rows) byStore.set(r.store_id, [...(byStore.get(r.store_id) ?? []), r.day]);
  let updated = 0;
  for (const [storeId, days] of byStore) {
    const p = inferPattern(days);
    updated += await db.store
      .updateMany({
        where: { id: storeId },
        data: {
          lastDeliveryDate: p.lastDeliveryDate ? new Date(`${p.lastDeliveryDate}T00:00:00Z`) : undefined,
          ...(p.deliveryDay ? { deliveryDay: p.deliveryDay, deliveryIntervalDays: p.deliveryIntervalDays } : {}),
        },
      })
      .then((r) => r.count);
  }
  return updated;
}
