import 'server-only';
import { db, Prisma } from '../db/index.ts';
import { addDays, nyDate } from '../time.ts';
import { HUNTED_SQL } from './hunted.ts';
import { journeyAsOf, stateListOf } from './journey.ts';
import type { ComingAnswer, ComingProduct } from './types.ts';

// "Coming to NC" (issue 40): the hunted products (lib/catalog/hunted.ts: Allocation, Limited, Barrel and new
// releases) the price list announced or the warehouse received within COMING_DAYS days, that the state has not
// shipped to any board since — no shipments row dated on or after that step's day (the latest such step, so a
// product received again after it shipped is coming again). Newest first by its latest step, at most COMING_LIMIT.

/** How far back an announcement or a receipt still makes a product "coming". */
export const COMING_DAYS = 120;
/** At most this many products (the newest). */
export const COMING_LIMIT = 200;

interface ComingRow {
  plu: string;
  name: string;
  listing_type: ComingProduct['listing_type'];
  state_list: string | null;
  list_price: string | null;
  size_ml: number | null;
  announced_on: string | null;
  received_on: string | null;
  latest_step_on: string;
  warehouse_bottles: number | null;
  at_warehouse: boolean;
}

/** GET /api/coming. */
export async function comingProducts(now = new Date()): Promise<ComingAnswer> {
  const since = addDays(nyDate(now), -COMING_DAYS);
  const [rows, asOf] = await Promise.all([
    db.$queryRaw<ComingRow[]>`
      WITH recent AS (
        SELECT plu, max(day) AS step_on FROM product_events
         WHERE kind IN ('announced', 'received') AND day >= ${since}::date
         GROUP BY plu
      ), coming AS (
        SELECT r.plu, r.step_on FROM recent r JOIN products p ON p.plu = r.plu
         WHERE p.listing_type IN ${Prisma.raw(HUNTED_SQL)}
           AND NOT EXISTS (SELECT 1 FROM shipments sh WHERE sh.plu = r.plu AND sh.ship_date >= r.step_on)
      ), steps AS (
        SELECT e.plu,
               max(e.day) FILTER (WHERE e.kind = 'announced') AS announced_on,
               max(e.day) FILTER (WHERE e.kind = 'received') AS received_on,
               max(e.day) AS latest_on
          FROM product_events e JOIN coming c ON c.plu = e.plu
         GROUP BY e.plu
      )
      SELECT p.plu, p.name, p.listing_type::text AS listing_type, p.state_list::text AS state_list, p.list_price::text AS list_price, p.size_ml,
             to_char(st.announced_on, 'YYYY-MM-DD') AS announced_on, to_char(st.received_on, 'YYYY-MM-DD') AS received_on,
             to_char(st.latest_on, 'YYYY-MM-DD') AS latest_step_on, wl.total_available AS warehouse_bottles,
             -- At the warehouse: received and not shipped since, or stock on its latest report.
             ((st.received_on IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shipments sh WHERE sh.plu = p.plu AND sh.ship_date >= st.received_on))
               OR COALESCE(wl.total_available, 0) > 0) AS at_warehouse
        FROM coming c
        JOIN products p ON p.plu = c.plu
        JOIN steps st ON st.plu = c.plu
        LEFT JOIN LATERAL (
          SELECT total_available FROM warehouse_levels w WHERE w.plu = c.plu ORDER BY w.checked_at DESC LIMIT 1
        ) wl ON true
       ORDER BY st.latest_on DESC, p.name, p.plu
       LIMIT ${COMING_LIMIT}`,
    journeyAsOf(),
  ]);
  return {
    success: true,
    products: rows.map((r) => ({
      plu: r.plu,
      name: r.name,
      listing_type: r.listing_type,
      state_list: stateListOf(r.state_list),
      list_price: r.list_price === null ? null : Number(r.list_price),
      size_ml: r.size_ml,
      stage: r.at_warehouse ? ('at_warehouse' as const) : ('announced' as const),
      announced_on: r.announced_on,
      received_on: r.received_on,
      warehouse_bottles: r.warehouse_bottles,
      latest_step_on: r.latest_step_on,
    })),
    as_of: asOf,
  };
}
