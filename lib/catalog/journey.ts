import 'server-only';
import { db } from '../db/index.ts';
import { place, type PlaceColumns } from '../forecast/read.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import { stockAge } from '../reports/stock-age.ts';
import { addDays, nyDate } from '../time.ts';
import { productOrThrow } from './products.ts';
import type { JourneyForecastStep, JourneyStage, JourneyStep, ProductJourney } from './types.ts';

// The journey of a product (issue 40, docs/decisions/040-catalog-lists.md): one timeline, oldest first, from the
// Commission's price list to the shelf — its product_events (announced, price, listing, received), the state's
// dated shipments to boards, the forecasts of where they would land and how each came out, and its arrivals on the
// shelves we read — with where it stands now (`stage`) and how old each source is. Small indexed reads per product;
// nothing is kept between calls.
//
// Each kind is capped at its latest JOURNEY_STEPS_PER_KIND steps (a product on shelves for years has thousands of
// arrivals): the answer stays a few tens of KB at most, and the steps it drops are the oldest of their kind.

/** At most this many of each kind of step (events, shipments, forecasts, arrivals): the latest ones. */
export const JOURNEY_STEPS_PER_KIND = 200;

/** A shipment this recent makes the product's stage `shipped` (Where is it now's window, lib/reports/where.ts). */
export const SHIPPED_STAGE_DAYS = 30;

/** The scrape_runs sources the steps come from: the two catalog lists, the warehouse report and the shipments extract. */
const AS_OF_SOURCES = ['price_list', 'allocated_list', 'warehouse', 'shipments'] as const;

/** The order of steps seen at the same instant: the order a product goes through them. */
const KIND_ORDER: Record<JourneyStep['kind'], number> = { announced: 0, price: 1, listing: 2, received: 3, shipped: 4, forecast: 5, arrived: 6 };

/** A price as the answers carry it: dollars, or null when none (or unreadable) is stored. */
const dollars = (text: string | null): number | null => {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** Cases for a number of bottles when the case size is known (to two decimals: a part case is not rounded up), else null. */
export const casesOrNull = (bottles: number, bottlesPerCase: number | null): number | null =>
  bottlesPerCase && bottlesPerCase > 0 ? Math.round((bottles / bottlesPerCase) * 100) / 100 : null;

/** The allocated list's place: Allocation or Limited, anything else (never written) as none. */
export const stateListOf = (value: string | null): 'Allocation' | 'Limited' | null => (value === 'Allocation' || value === 'Limited' ? value : null);

/** How old each source of the steps is: the finish of its latest whole (ok or partial) run, null when never read. */
export async function journeyAsOf(): Promise<ProductJourney['as_of']> {
  const rows = await db.$queryRaw<{ source: string; finished_at: Date | null }[]>`
    SELECT src AS source,
           (SELECT r.finished_at FROM scrape_runs r
             WHERE r.source = src AND r.status IN ('ok', 'partial') ORDER BY r.started_at DESC LIMIT 1) AS finished_at
      FROM unnest(${[...AS_OF_SOURCES]}::text[]) AS src`;
  const at = new Map(rows.map((r) => [r.source, r.finished_at?.toISOString() ?? null]));
  return {
    price_list: at.get('price_list') ?? null,
    allocated_list: at.get('allocated_list') ?? null,
    warehouse: at.get('warehouse') ?? null,
    shipments: at.get('shipments') ?? null,
  };
}

interface ProductRow {
  plu: string;
  name: string;
  listing_type: ProductJourney['product']['listing_type'];
  state_list: string | null;
  list_price: string | null;
  retail_price: string | null;
  size_ml: number | null;
  bottles_per_case: number | null;
  age: string | null;
  proof: string | null;
}

/** One place of a shipment's forecast, `likelihood` the one it stated (first_likelihood). */
interface ForecastRow extends PlaceColumns {
  incoming_id: bigint;
  board_id: number;
  board_name: string;
  precision: string;
  units: number;
  status: string;
  created_at: Date;
}

interface EventRow {
  kind: 'announced' | 'price' | 'listing' | 'received';
  day: string;
  seen_at: Date;
  source: string;
  from_value: string | null;
  to_value: string | null;
  bottles: number | null;
}

/** GET /api/products/{plu}/journey: the product's steps oldest first, its stage, the warehouse's bottles; 404 PRODUCT_NOT_FOUND when the catalog has no such PLU. */
export async function productJourney(plu: string, now = new Date()): Promise<ProductJourney> {
  const limit = JOURNEY_STEPS_PER_KIND;
  const boardIds = (await shelfBoards()).map((b) => b.id);
  const [products, events, shipments, forecasts, arrivals, levels, shelves, asOf] = await Promise.all([
    db.$queryRaw<ProductRow[]>`
      SELECT plu, name, listing_type::text AS listing_type, state_list::text AS state_list, list_price::text AS list_price,
             retail_price::text AS retail_price, size_ml, bottles_per_case, age, proof::text AS proof
        FROM products WHERE plu = ${plu}`,
    db.$queryRaw<EventRow[]>`
      SELECT kind::text AS kind, to_char(day, 'YYYY-MM-DD') AS day, seen_at, source, from_value, to_value, bottles
        FROM product_events WHERE plu = ${plu}
       ORDER BY seen_at DESC, id DESC LIMIT ${limit}`,
    // A shipment is dated by the extract that rose (lib/ingest/shipments.ts): its instant is that day's first
    // extract, or the day's start when no extract of that day is recorded.
    db.$queryRaw<{ board_id: number; board_name: string; day: string; at: Date; units: number }[]>`
      SELECT sh.board_id, b.name_clean AS board_name, to_char(sh.ship_date, 'YYYY-MM-DD') AS day, sh.units,
             CASE WHEN (sd.first_extracted_at AT TIME ZONE 'America/New_York')::date = sh.ship_date THEN sd.first_extracted_at
                  ELSE sh.ship_date::timestamp AT TIME ZONE 'America/New_York' END AS at
        FROM shipments sh
        JOIN boards b ON b.id = sh.board_id
        LEFT JOIN shipment_days sd ON sd.ship_date = sh.ship_date
       WHERE sh.plu = ${plu} AND sh.units > 0
       ORDER BY sh.ship_date DESC, b.name_clean LIMIT ${limit}`,
    // Its latest shipments' forecasts, as made: the places named (and stores reached unnamed), what each said and how it came out.
    db.$queryRaw<ForecastRow[]>`
      SELECT i.id AS incoming_id, i.board_id, b.name_clean AS board_name, i.precision, i.units, i.status::text AS status, i.created_at,
             f.store_id, s.store_number, s.nickname, f.named, f.first_likelihood AS likelihood, f.reason,
             to_char(f.expected_date, 'YYYY-MM-DD') AS expected_date, to_char(f.window_start, 'YYYY-MM-DD') AS window_start,
             to_char(f.window_end, 'YYYY-MM-DD') AS window_end, f.outcome::text AS outcome, f.arrived_at
        FROM (SELECT * FROM incoming WHERE plu = ${plu} ORDER BY created_at DESC, id DESC LIMIT ${limit}) i
        JOIN boards b ON b.id = i.board_id
        JOIN forecasts f ON f.incoming_id = i.id AND (f.named OR f.outcome = 'arrived')
        LEFT JOIN stores s ON s.id = f.store_id
       ORDER BY i.id, f.named DESC, f.first_likelihood DESC, s.nickname`,
    // Bottles appearing on a shelf we read: a debut (first) or a rise (increase); `delta` is how many appeared.
    db.$queryRaw<{ store_id: number; store_name: string; board_name: string; checked_at: Date; quantity: number }[]>`
      SELECT h.store_id, s.nickname AS store_name, b.name_clean AS board_name, h.checked_at, h.delta AS quantity
        FROM inventory_history h
        JOIN stores s ON s.id = h.store_id
        JOIN boards b ON b.id = s.board_id
       WHERE h.plu = ${plu} AND h.change_type IN ('first', 'increase') AND h.delta > 0
       ORDER BY h.checked_at DESC, h.store_id LIMIT ${limit}`,
    db.$queryRaw<{ total_available: number }[]>`
      SELECT total_available FROM warehouse_levels WHERE plu = ${plu} ORDER BY checked_at DESC LIMIT 1`,
    // On shelves now: a store of a board whose shelves are read holds it, and its stock is not unknown (stock
    // unconfirmed for over a day is never shown as in stock: lib/reports/stock-age.ts), as Where is it now counts it.
    db.$queryRaw<{ held: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM store_inventory si JOIN stores s ON s.id = si.store_id
        ${stockAge('si', 's', now)}
         WHERE si.plu = ${plu} AND si.quantity > 0 AND s.board_id = ANY(${boardIds}::int[]) AND age.state <> 'unknown'
      ) AS held`,
    journeyAsOf(),
  ]);
  const product = productOrThrow(products[0], plu);
  const perCase = product.bottles_per_case;

  // The announcement's price: the price list does not store it on the step. It is the product's list price
  // unless the price changed since; then it is what the first later change changed it from.
  const oldestFirst = [...events].reverse();
  const priceAfter = (seen: Date) => oldestFirst.find((e) => e.kind === 'price' && e.seen_at.getTime() >= seen.getTime());

  const steps: JourneyStep[] = [];
  for (const e of events) {
    const when = { day: e.day, at: e.seen_at.toISOString() };
    if (e.kind === 'announced') {
      const later = priceAfter(e.seen_at);
      steps.push({ kind: 'announced', ...when, price: later ? dollars(later.from_value) : dollars(product.list_price) });
    } else if (e.kind === 'price') {
      steps.push({ kind: 'price', ...when, from: dollars(e.from_value), to: dollars(e.to_value) });
    } else if (e.kind === 'listing') {
      steps.push({ kind: 'listing', ...when, source: e.source === 'warehouse' ? 'warehouse' : 'allocated_list', from: e.from_value, to: e.to_value });
    } else {
      const bottles = e.bottles ?? 0;
      steps.push({ kind: 'received', ...when, bottles, cases: casesOrNull(bottles, perCase) });
    }
  }
  for (const s of shipments) {
    steps.push({ kind: 'shipped', day: s.day, at: s.at.toISOString(), board_id: s.board_id, board_name: s.board_name, units: s.units, cases: casesOrNull(s.units, perCase) });
  }
  steps.push(...forecastSteps(forecasts));
  for (const a of arrivals) {
    steps.push({ kind: 'arrived', day: nyDate(a.checked_at), at: a.checked_at.toISOString(), store_id: a.store_id, store_name: a.store_name, board_name: a.board_name, quantity: a.quantity });
  }
  steps.sort((a, b) => a.at.localeCompare(b.at) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);

  const warehouseBottles = levels[0]?.total_available ?? null;
  return {
    success: true,
    product: {
      plu: product.plu,
      name: product.name,
      listing_type: product.listing_type,
      state_list: stateListOf(product.state_list),
      list_price: dollars(product.list_price),
      retail_price: dollars(product.retail_price),
      size_ml: product.size_ml,
      age: product.age,
      proof: product.proof === null ? null : Number(product.proof),
    },
    stage: stageOf(steps, { onShelves: shelves[0]?.held ?? false, warehouseBottles, today: nyDate(now) }),
    warehouse_bottles: warehouseBottles,
    steps,
    as_of: asOf,
  };
}

/** The forecast rows (one per place, a shipment's rows together) as one step per forecast shipment. */
function forecastSteps(rows: ForecastRow[]): JourneyForecastStep[] {
  const byShipment = new Map<bigint, JourneyForecastStep>();
  for (const r of rows) {
    let step = byShipment.get(r.incoming_id);
    if (!step) {
      step = {
        kind: 'forecast',
        day: nyDate(r.created_at),
        at: r.created_at.toISOString(),
        incoming_id: String(r.incoming_id),
        board_id: r.board_id,
        board_name: r.board_name,
        precision: r.precision as JourneyForecastStep['precision'],
        units: r.units,
        status: r.status === 'open' ? 'open' : 'closed',
        places: [],
      };
      byShipment.set(r.incoming_id, step);
    }
    // Incoming's place, with the likelihood as it was stated (a NaN stored there says nothing: the lowest).
    const { likelihood, ...rest } = place(r);
    step.places.push({ ...rest, stated_likelihood: Number.isNaN(likelihood) ? 0 : likelihood });
  }
  return [...byShipment.values()];
}

/**
 * Where the product stands: on shelves when a store we read holds it now; else shipped when the state shipped it
 * in the last SHIPPED_STAGE_DAYS days; else at the warehouse when its latest level is above 0; else announced when
 * the price list announced it and nothing came of it since (no receipt, shipment or arrival on or after that day);
 * else listed.
 */
export function stageOf(steps: JourneyStep[], now: { onShelves: boolean; warehouseBottles: number | null; today: string }): JourneyStage {
  if (now.onShelves) return 'on_shelves';
  const shippedSince = addDays(now.today, -SHIPPED_STAGE_DAYS);
  if (steps.some((s) => s.kind === 'shipped' && s.day >= shippedSince)) return 'shipped';
  if ((now.warehouseBottles ?? 0) > 0) return 'at_warehouse';
  const announced = steps.findLast((s) => s.kind === 'announced');
  const cameOf = (day: string) => steps.some((s) => (s.kind === 'received' || s.kind === 'shipped' || s.kind === 'arrived') && s.day >= day);
  if (announced && !cameOf(announced.day)) return 'announced';
  return 'listed';
}
