import { db } from '../db/index.ts';
import { boardPrecision } from '../reference/precision.ts';
import { addDays } from '../time.ts';
import type { ArrivalRow } from './compose.ts';

// What a message's alerts say: each claimed alert_log row with its product and its arrival (store, quantities)
// or its shipment (board, its stores, the days it also counts). The same for every channel.

/** The alerts claimed for one message (alert_log ids), shelf arrivals and shipments, with what their lines say. */
export async function claimedArrivals(alertIds: bigint[]): Promise<ArrivalRow[]> {
  const rows = await db.$queryRaw<
    {
      alert_id: string;
      plu: string;
      name: string;
      listing_type: string;
      retail_price: number | null;
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
    }[]
  >`
    SELECT l.id::text AS alert_id, p.plu, p.name, p.listing_type::text AS listing_type, p.retail_price::float8 AS retail_price,
           s.id AS store_id, s.store_number, s.nickname, s.address,
           h.new_quantity, h.previous_quantity, h.delta, h.change_type::text AS change_type, h.checked_at,
           sh.id::text AS shipment_id, sh.board_id, b.name_clean AS board_name, bst.stores AS board_stores, bst.retail AS retail_stores,
           bst.only_store, to_char(sh.ship_date, 'YYYY-MM-DD') AS ship_date, sh.units,
           -- As lib/reports/sql.ts casesOf: rounded up, an unknown case size counted as 6 (that module is the app's).
           (CASE WHEN sh.units > 0 THEN ceil(sh.units::numeric / COALESCE(NULLIF(p.bottles_per_case, 0), 6))::int ELSE 0 END) AS cases,
           to_char(w.last_whole, 'YYYY-MM-DD') AS last_whole, inc.days AS incomplete
      FROM alert_log l
      LEFT JOIN inventory_history h ON h.id = l.history_id
      LEFT JOIN stores s ON s.id = h.store_id
      LEFT JOIN shipments sh ON sh.id = l.shipment_id
      LEFT JOIN boards b ON b.id = sh.board_id
      JOIN products p ON p.plu = COALESCE(h.plu, sh.plu)
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS stores, count(*) FILTER (WHERE NOT st.mixed_beverage)::int AS retail,
               (CASE WHEN count(*) = 1 THEN json_build_object('store_id', min(st.id), 'store_number', min(st.store_number),
                                                               'nickname', min(st.nickname), 'address', min(st.address)) END) AS only_store
          FROM stores st WHERE st.board_id = sh.board_id) bst ON sh.id IS NOT NULL
      -- The last day before the shipment's with a whole report for its board: the days after it had none, and
      -- their shipments are counted in this one (docs/decisions/022-the-extract-says-what-it-does-not-know.md).
      LEFT JOIN LATERAL (
        SELECT max(d.ship_date) AS last_whole FROM shipment_days d
         WHERE d.applied AND d.ship_date < sh.ship_date AND NOT (sh.board_id = ANY (d.missing_board_ids))) w ON sh.id IS NOT NULL
      LEFT JOIN LATERAL (
        SELECT array_agg(to_char(d.ship_date, 'YYYY-MM-DD')) AS days FROM shipment_days d
         WHERE d.ship_date > w.last_whole AND d.ship_date < sh.ship_date) inc ON sh.id IS NOT NULL
     WHERE l.id = ANY (${alertIds.map(String)}::bigint[])`;
  return rows.map((r): ArrivalRow => {
    const product = {
      alertId: r.alert_id,
      plu: r.plu,
      productName: r.name,
      listingType: r.listing_type,
      retailPrice: r.retail_price === null ? null : Number(r.retail_price),
    };
    if (r.shipment_id === null) {
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
