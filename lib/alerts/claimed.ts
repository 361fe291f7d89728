import { db } from '../db/index.ts';
import { boardPrecision } from '../reference/precision.ts';
import { isHunted } from '../catalog/hunted.ts';
import { addDays } from '../time.ts';
import type { ArrivalRow } from './compose.ts';

// What a message's alerts say: each claimed alert_log row with its product and its arrival (store, quantities,
// whether a forecast named it), its shipment (board, its stores, the days it also counts) or its shipment on its
// way (board, the named forecasts now, most likely first). The same for every channel. The query is the
// function nbt_alert_lines (migration 20261222000000_alert_lines_function), planned once per connection.

/** The product columns every claimed alert's row opens with. */
interface ProductColumns {
  alert_id: string;
  plu: string;
  name: string;
  listing_type: string;
  retail_price: number | null;
}

/** The product fields every alert line carries, from those columns. */
const productOf = (r: ProductColumns) => ({
  alertId: r.alert_id,
  plu: r.plu,
  productName: r.name,
  listingType: r.listing_type,
  retailPrice: r.retail_price === null ? null : Number(r.retail_price),
});

/** The alerts claimed for one message (alert_log ids), shelf arrivals and shipments, with what their lines say. */
export async function claimedArrivals(alertIds: bigint[]): Promise<ArrivalRow[]> {
  return [...(await claimedPlaces(alertIds)), ...(await claimedComing(alertIds))];
}

/**
 * The "Coming to NC" alerts among them (product_event_id: nbt_alert_lines leaves them out, having no store or
 * shipment), with their product and step: the list price announced (the product's, from the price list), the allocated list's section, the bottles
 * received and their cases (as lib/reports/sql.ts casesOf: rounded up, an unknown case size counted as 6).
 */
async function claimedComing(alertIds: bigint[]): Promise<ArrivalRow[]> {
  const rows = await db.$queryRaw<
    (ProductColumns & {
      event_id: string;
      kind: 'announced' | 'listing' | 'received';
      day: string;
      to_value: string | null;
      list_price: number | null;
      bottles: number | null;
      cases: number | null;
    })[]
  >`SELECT l.id::text AS alert_id, p.plu, p.name, p.listing_type::text AS listing_type, p.retail_price::float8 AS retail_price,
           e.id::text AS event_id, e.kind::text AS kind, to_char(e.day, 'YYYY-MM-DD') AS day, e.to_value, p.list_price::float8 AS list_price, e.bottles,
           (CASE WHEN e.bottles > 0 THEN ceil(e.bottles::numeric / COALESCE(NULLIF(p.bottles_per_case, 0), 6))::int END) AS cases
      FROM alert_log l
      JOIN product_events e ON e.id = l.product_event_id
      JOIN products p ON p.plu = e.plu
     WHERE l.id = ANY (${alertIds.map(String)}::bigint[]) AND l.product_event_id IS NOT NULL`;
  return rows.map((r): ArrivalRow => {
    // An announcement carries no price of its own: the product's list price is the price list's (lib/ingest/catalog-lists.ts).
    const price = r.kind === 'announced' && r.list_price !== null ? Number(r.list_price) : null;
    return {
      ...productOf(r),
      precision: 'coming',
      productEventId: r.event_id,
      step: r.kind,
      day: r.day,
      listPrice: price !== null && Number.isFinite(price) ? price : null,
      listing: r.kind === 'listing' ? r.to_value : null,
      bottles: r.kind === 'received' ? r.bottles : null,
      cases: r.kind === 'received' ? r.cases : null,
    };
  });
}

async function claimedPlaces(alertIds: bigint[]): Promise<ArrivalRow[]> {
  const rows = await db.$queryRaw<
    (ProductColumns & {
      // A shelf arrival
      store_id: number | null;
      store_number: number | null;
      nickname: string | null;
      address: string | null;
      new_quantity: number | null;
      previous_quantity: number | null;
      delta: number | null;
      change_type: 'first' | 'increase' | null;
      checked_at: Date | null;
      // A shipment
      shipment_id: string | null;
      board_id: number | null;
      board_name: string | null;
      board_stores: number | null;
      retail_stores: number | null;
      only_store: { store_id: number; store_number: number; nickname: string; address: string } | null;
      ship_date: string | null;
      units: number | null;
      cases: number | null;
      last_whole: string | null;
      incomplete: string[] | null;
      // On its way
      incoming_id: string | null;
      incoming_precision: 'shelf' | 'store_by_shipment' | 'board' | null;
      forecasts: { store_id: number | null; nickname: string | null; likelihood: number; window_start: string; window_end: string }[] | null;
      // A shelf arrival's covering forecast (nbt_forecast_cover), and whether forecasts had begun by then
      forecast_lead: number | null;
      forecasting: boolean;
    })[]
  >`SELECT * FROM nbt_alert_lines(${alertIds.map(String)}::bigint[])`;
  return rows.map((r): ArrivalRow => {
    const product = productOf(r);
    if (r.incoming_id !== null) {
      return {
        ...product,
        precision: 'incoming',
        incomingId: r.incoming_id,
        boardId: r.board_id!,
        boardName: r.board_name!,
        boardPrecision: r.incoming_precision!,
        boardStores: r.board_stores!,
        shipDate: r.ship_date!,
        units: r.units!,
        named: (r.forecasts ?? []).map((f) => ({
          storeId: f.store_id,
          nickname: f.nickname,
          likelihood: f.likelihood,
          windowStart: f.window_start,
          windowEnd: f.window_end,
        })),
      };
    }
    if (r.shipment_id === null) {
      // Whether it was forecast is said for the products forecasts are made for (hunted), once forecasting began.
      const forecastable = r.forecasting && isHunted(r.listing_type);
      return {
        ...product,
        precision: 'shelf',
        storeId: r.store_id!,
        storeNumber: r.store_number!,
        storeNickname: r.nickname!,
        storeAddress: r.address!,
        newQuantity: r.new_quantity!,
        previousQuantity: r.previous_quantity!,
        delta: r.delta!,
        changeType: r.change_type!,
        checkedAt: new Date(r.checked_at!),
        ...(forecastable && { forecast: { leadMinutes: r.forecast_lead } }),
      };
    }
    // A shipment is never a shelf reading, whatever the board's source is now: only its store facts decide.
    const precision = boardPrecision({ shelfSource: false, stores: r.board_stores!, retailStores: r.retail_stores! }) as 'store_by_shipment' | 'board';
    const only = precision === 'store_by_shipment' ? r.only_store : null;
    return {
      ...product,
      precision,
      shipmentId: r.shipment_id,
      boardId: r.board_id!,
      boardName: r.board_name!,
      boardStores: r.board_stores!,
      store: only && { storeId: only.store_id, storeNumber: only.store_number, nickname: only.nickname, address: only.address },
      shipDate: r.ship_date!,
      units: r.units!,
      cases: r.cases!,
      alsoCovers: daysBetween(r.last_whole, r.ship_date!).map((date) => ({ date, why: r.incomplete?.includes(date) ? 'incomplete' : 'missing' })),
    };
  });
}

/** The days after `lastWhole` and before `date` (none when there is no earlier whole day). */
function daysBetween(lastWhole: string | null, date: string): string[] {
  const days: string[] = [];
  if (lastWhole) for (let d = addDays(lastWhole, 1); d < date; d = addDays(d, 1)) days.push(d);
  return days;
}
