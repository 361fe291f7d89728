import { db } from '../db/index.ts';

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
  const storeIds = snapshot.stock.map((s) => s.storeId);
  const plus = snapshot.stock.map((s) => s.plu);
  const quantities = snapshot.stock.map((s) => s.quantity);
  const at = snapshot.checkedAt;

  return db.$transaction(
    async (tx) => {
      // The diff, materialised once: every (store, product) whose quantity changes in this poll.
      await tx.$executeRawUnsafe(`
        CREATE TEMP TABLE wake_diff ON COMMIT DROP AS
        WITH snap AS (
          SELECT store_id, plu, max(quantity) AS quantity
          FROM unnest($1::int[], $2::text[], $3::int[]) AS s(store_id, plu, quantity)
          GROUP BY store_id, plu
        ),
        polled AS (SELECT DISTINCT unnest($4::text[]) AS plu),
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
        storeIds, plus, quantities, snapshot.polledPlus,
      );

      const historyRows = await tx.$executeRawUnsafe(`
        INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
        SELECT d.store_id, d.plu, $1, d.old_quantity, d.new_quantity, d.new_quantity - d.old_quantity,
               (CASE WHEN d.new_quantity > d.old_quantity AND d.never_seen THEN 'first'
                     WHEN d.new_quantity > d.old_quantity THEN 'increase'
                     WHEN d.new_quantity = 0 THEN 'sold_out'
                     ELSE 'decrease' END)::"ChangeType"
        FROM wake_diff d
        JOIN stores s ON s.id = d.store_id AND s.first_polled_at IS NOT NULL
        JOIN products p ON p.plu = d.plu AND p.wake_first_polled_at IS NOT NULL
        ON CONFLICT (store_id, plu, checked_at) DO NOTHING`,
        at,
      );

      const inventoryRowsChanged = await tx.$executeRawUnsafe(`
        INSERT INTO store_inventory (store_id, plu, quantity, last_updated)
        SELECT store_id, plu, new_quantity, $1 FROM wake_diff
        ON CONFLICT (store_id, plu) DO UPDATE SET quantity = EXCLUDED.quantity, last_updated = EXCLUDED.last_updated`,
        at,
      );

      const arrivals = await tx.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM inventory_history WHERE checked_at = $1 AND change_type IN ('first', 'increase')`,
        at,
      );

      // This poll was the baseline for stores and products seen for the first time.
      const baselineStores = await tx.$executeRawUnsafe(
        `UPDATE stores SET first_polled_at = $1 WHERE first_polled_at IS NULL AND id = ANY($2::int[])`,
        at, snapshot.storeIds,
      );
      const baselineProducts = await tx.$executeRawUnsafe(
        `UPDATE products SET wake_first_polled_at = $1 WHERE wake_first_polled_at IS NULL AND plu = ANY($2::text[])`,
        at, snapshot.polledPlus,
      );
      return { historyRows, arrivals: arrivals[0].n, inventoryRowsChanged, baselineStores, baselineProducts };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
