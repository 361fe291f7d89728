import { withPgTransaction } from '../db/pg.ts';

// Turns one Wake inventory poll into history. For every product fetched successfully in this poll, a
// store that does not list it has 0 bottles; products whose fetch failed are not in `polledPlus` and keep
// their last known stock (a failure never reads as "sold out"). Everything happens in one transaction with
// set-based SQL: history rows and the new current inventory are written together or not at all.
//
// Change types: 0/absent -> N is `first` when the store never had the product, else `increase`; N -> M>N is
// `increase`; M<N is `decrease`, or `sold_out` at 0. A store's first poll and a product's first poll are
// baselines: current stock is recorded without history, so they never read as a flood of arrivals.

export interface WakeSnapshot {
  checkedAt: Date;
  /** Products whose search succeeded this poll (5-digit PLUs). */
  polledPlus: string[];
  /** Every store this poll covered (all known Wake stores): a store listed nowhere still had its poll. */
  storeIds: number[];
  /** Bottles per (store, product) for the polled products; stores not listed have 0. */
  stock: { storeId: number; plu: string; quantity: number }[];
}

export interface SnapshotResult {
  historyRows: number;
  arrivals: number;
  inventoryRowsChanged: number;
  baselineStores: number;
  baselineProducts: number;
}

export async function applyWakeSnapshot(snapshot: WakeSnapshot): Promise<SnapshotResult> {
  // Compact parameters: each PLU is sent once and the stock refers to it by position (int arrays are
  // a fraction of the size of a text array with one PLU per stocked cell).
  const pluIndex = new Map<string, number>();
  const pluList: string[] = [];
  const indexOf = (plu: string) => {
    let i = pluIndex.get(plu);
    if (i === undefined) {
      i = pluList.push(plu);
      pluIndex.set(plu, i);
    }
    return i;
  };
  for (const plu of snapshot.polledPlus) indexOf(plu);
  const n = snapshot.stock.length;
  const storeIds = new Array<number>(n);
  const pluRefs = new Array<number>(n);
  const quantities = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const cell = snapshot.stock[i];
    storeIds[i] = cell.storeId;
    pluRefs[i] = indexOf(cell.plu);
    quantities[i] = cell.quantity;
  }
  const polledRefs = snapshot.polledPlus.map(indexOf);
  const at = snapshot.checkedAt;

  return withPgTransaction(async (tx) => {
    // The diff, materialised once: every (store, product) whose quantity changes in this poll.
    await tx.query(
      `CREATE TEMP TABLE wake_diff ON COMMIT DROP AS
       WITH plus AS (SELECT plu, idx::int FROM unnest($1::text[]) WITH ORDINALITY AS p(plu, idx)),
       snap AS (
         SELECT s.store_id, p.plu, max(s.quantity) AS quantity
         FROM unnest($2::int[], $3::int[], $4::int[]) AS s(store_id, ref, quantity) JOIN plus p ON p.idx = s.ref
         GROUP BY s.store_id, p.plu
       ),
       polled AS (SELECT DISTINCT p.plu FROM unnest($5::int[]) AS r(ref) JOIN plus p ON p.idx = r.ref),
       current AS (
         SELECT si.store_id, si.plu, si.quantity FROM store_inventory si JOIN polled p ON p.plu = si.plu
       )
       SELECT COALESCE(s.store_id, c.store_id) AS store_id,
              COALESCE(s.plu, c.plu)           AS plu,
              COALESCE(c.quantity, 0)          AS old_quantity,
              COALESCE(s.quantity, 0)          AS new_quantity,
              c.store_id IS NULL               AS never_seen
       FROM snap s FULL JOIN current c ON c.store_id = s.store_id AND c.plu = s.plu
       WHERE COALESCE(c.quantity, 0) <> COALESCE(s.quantity, 0)`,
      [pluList, storeIds, pluRefs, quantities, polledRefs],
    );

    const history = await tx.query(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       SELECT d.store_id, d.plu, $1, d.old_quantity, d.new_quantity, d.new_quantity - d.old_quantity,
              (CASE WHEN d.new_quantity > d.old_quantity AND d.never_seen THEN 'first'
                    WHEN d.new_quantity > d.old_quantity THEN 'increase'
                    WHEN d.new_quantity = 0 THEN 'sold_out'
                    ELSE 'decrease' END)::"ChangeType"
       FROM wake_diff d
       JOIN stores s ON s.id = d.store_id AND s.first_polled_at IS NOT NULL
       JOIN products p ON p.plu = d.plu AND p.wake_first_polled_at IS NOT NULL
       ON CONFLICT (store_id, plu, checked_at) DO NOTHING
       RETURNING (change_type IN ('first', 'increase')) AS arrival`,
      [at],
    );

    const inventory = await tx.query(
      `INSERT INTO store_inventory (store_id, plu, quantity, last_updated)
       SELECT store_id, plu, new_quantity, $1 FROM wake_diff
       ON CONFLICT (store_id, plu) DO UPDATE SET quantity = EXCLUDED.quantity, last_updated = EXCLUDED.last_updated`,
      [at],
    );

    // This poll was the baseline for stores and products seen for the first time.
    const stores = await tx.query(
      `UPDATE stores SET first_polled_at = $1 WHERE first_polled_at IS NULL AND id = ANY($2::int[])`,
      [at, snapshot.storeIds],
    );
    const products = await tx.query(
      `UPDATE products SET wake_first_polled_at = $1 WHERE wake_first_polled_at IS NULL AND plu = ANY($2::text[])`,
      [at, snapshot.polledPlus],
    );
    return {
      historyRows: history.rowCount ?? 0,
      arrivals: history.rows.filter((r: { arrival: boolean }) => r.arrival).length,
      inventoryRowsChanged: inventory.rowCount ?? 0,
      baselineStores: stores.rowCount ?? 0,
      baselineProducts: products.rowCount ?? 0,
    };
  });
}
