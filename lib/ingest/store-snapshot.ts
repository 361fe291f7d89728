import { db } from '../db/index.ts';
import { withPgTransaction } from '../db/pg.ts';

// Turns one poll of a board's store inventory into history. One transaction, set-based SQL: history rows,
// the new current inventory and the baselines are written together or not at all.
//
// What a poll says about a product (a failed search is not in the snapshot at all: last known stock kept):
// - `answeredPlus`: the board's whole shelf for that product is known. Every store the listing does not
//   name has 0 bottles (a PLU whose search found nothing is 0 everywhere).
// - `partialPlus`: the listing had a store line that matched no known store. Only the stores it names are
//   written; every other store keeps its last known stock, so a respelled address never reads as a
//   sell-out (and its return never as an arrival).
//
// Change types: 0/absent -> N is `first` when the store never had the product, else `increase`; N -> M>N is
// `increase`; M<N is `decrease`, or `sold_out` at 0. Baselines record current stock without history:
// - a store's first poll (stores.first_polled_at), so a new store or a fresh install is no flood;
// - a product the board never answered for before (board_product_polls): we have no evidence it was absent.
// A product answered before (in stock or not, or "no such product" from the board's own pages) that now
// shows up is a debut: `first` at every store with it.
//
// How old each number is (lib/reports/stock-age.ts): every product asked about gets `asked_at` and
// `next_ask_at` (when the scraper will ask again); a whole answer (answeredPlus) also `answered_at`; the
// stores a partial answer names get `confirmed_at` on their row. Stock the latest ask did not confirm, or
// not confirmed by its next ask, is shown as "last seen …", and after a limit as unknown.

export interface StoreSnapshot {
  boardId: number;
  checkedAt: Date;
  /** Products whose listing was read whole this poll (5-digit PLUs), including those Wake had nowhere. */
  answeredPlus: string[];
  /** Products whose listing had a line that matched no known store: only their listed stores count. */
  partialPlus?: string[];
  /**
   * Products the board said it has no page for (Durham's "Product Not Found", a Greensboro search without
   * the code): no stock is written or changed, but the board was asked, so a later appearance is a debut.
   */
  noPagePlus?: string[];
  /** Products the board was asked about and gave no answer for (a failed request): only their asked_at moves. */
  failedPlus?: string[];
  /** Every store this poll covered (the board's known stores): a store listed nowhere still had its poll. */
  storeIds: number[];
  /** Bottles per (store, product) as listed; for answered products a store not listed has 0. */
  stock: { storeId: number; plu: string; quantity: number }[];
  /** When the scraper will ask about each product again (PollOptions.nextAskAt); absent: not recorded. */
  nextAskAt?: (plu: string) => Date;
}

export interface SnapshotResult {
  historyRows: number;
  arrivals: number;
  inventoryRowsChanged: number;
  baselineStores: number;
  baselineProducts: number;
}

export async function applyStoreSnapshot(snapshot: StoreSnapshot): Promise<SnapshotResult> {
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
  const answeredRefs = snapshot.answeredPlus.map(indexOf);
  const n = snapshot.stock.length;
  const storeIds = new Int32Array(n);
  const pluRefs = new Int32Array(n);
  const quantities = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const cell = snapshot.stock[i];
    storeIds[i] = cell.storeId;
    pluRefs[i] = indexOf(cell.plu);
    quantities[i] = cell.quantity;
  }
  const at = snapshot.checkedAt;

  // node-postgres rather than Prisma, for speed (lib/db/pg.ts): a statewide poll sends hundreds of thousands
  // of array values. Safe by the same rule as Prisma's tagged templates: every statement below is a constant
  // text, and every value (PLUs and names from the scraped pages included) travels as a $n parameter, never
  // concatenated into the SQL (docs/decisions/011-sql-and-search.md).
  return withPgTransaction(async (tx) => {
    // The planner cannot know the snapshot's size (arrays in parameters: it guesses a few thousand cells
    // for ~700,000 statewide). So it picks a merge join, sorting both sides: a hash join needs no sort, only
    // the memory to hold one side. And its cost estimates run to the hundreds of millions, which switches on
    // JIT compilation: ~0.7 s of compiling for a query that runs once (bench:ingest, statewide phases). All
    // three settings end with the transaction.
    await tx.query(`SET LOCAL enable_mergejoin = off`);
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    await tx.query(`SET LOCAL jit = off`);
    // The diff, materialised once: every (store, product) whose quantity changes in this poll. Current
    // stock counts for every store of an answered product, and for a partial product only where listed.
    // Both sides are matched on (store, PLU's position in $1): integers hash faster than PLU texts, and only
    // the changed cells get their PLU back.
    await tx.query(
      `CREATE TEMP TABLE store_diff ON COMMIT DROP AS
       WITH plus AS (SELECT plu, idx::int FROM unnest($1::text[]) WITH ORDINALITY AS p(plu, idx)),
       answered AS (SELECT DISTINCT ref FROM unnest($5::int[]) AS r(ref)),
       snap AS (
         SELECT s.store_id, s.ref, max(s.quantity) AS quantity
         FROM unnest($2::int[], $3::int[], $4::int[]) AS s(store_id, ref, quantity)
         WHERE s.store_id = ANY($6::int[])
         GROUP BY s.store_id, s.ref
       ),
       current AS (
         SELECT si.store_id, p.idx AS ref, si.quantity
           FROM store_inventory si JOIN plus p ON p.plu = si.plu JOIN answered a ON a.ref = p.idx
          WHERE si.store_id = ANY($6::int[])
         UNION ALL
         SELECT si.store_id, s.ref, si.quantity
           FROM snap s JOIN plus p ON p.idx = s.ref JOIN store_inventory si ON si.store_id = s.store_id AND si.plu = p.plu
          WHERE s.ref NOT IN (SELECT ref FROM answered)
       )
       SELECT COALESCE(s.store_id, c.store_id) AS store_id,
              p.plu,
              COALESCE(c.quantity, 0)          AS old_quantity,
              COALESCE(s.quantity, 0)          AS new_quantity,
              c.store_id IS NULL               AS never_seen
       FROM snap s FULL JOIN current c ON c.store_id = s.store_id AND c.ref = s.ref
       JOIN plus p ON p.idx = COALESCE(s.ref, c.ref)
       WHERE COALESCE(c.quantity, 0) <> COALESCE(s.quantity, 0)`,
      [pluList, intArray(storeIds), intArray(pluRefs), intArray(quantities), answeredRefs, snapshot.storeIds],
    );

    const history = await tx.query(
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       SELECT d.store_id, d.plu, $1, d.old_quantity, d.new_quantity, d.new_quantity - d.old_quantity,
              (CASE WHEN d.new_quantity > d.old_quantity AND d.never_seen THEN 'first'
                    WHEN d.new_quantity > d.old_quantity THEN 'increase'
                    WHEN d.new_quantity = 0 THEN 'sold_out'
                    ELSE 'decrease' END)::"ChangeType"
       FROM store_diff d
       JOIN stores s ON s.id = d.store_id AND s.first_polled_at IS NOT NULL
       JOIN board_product_polls b ON b.board_id = $2 AND b.plu = d.plu
       ON CONFLICT (store_id, plu, checked_at) DO NOTHING
       RETURNING (change_type IN ('first', 'increase')) AS arrival`,
      [at, snapshot.boardId],
    );

    const inventory = await tx.query(
      `INSERT INTO store_inventory (store_id, plu, quantity, last_updated)
       SELECT store_id, plu, new_quantity, $1 FROM store_diff
       ON CONFLICT (store_id, plu) DO UPDATE SET quantity = EXCLUDED.quantity, last_updated = EXCLUDED.last_updated`,
      [at],
    );

    // This poll was the baseline for stores and products seen for the first time.
    const stores = await tx.query(
      `UPDATE stores SET first_polled_at = $1 WHERE first_polled_at IS NULL AND id = ANY($2::int[])`,
      [at, snapshot.storeIds],
    );
    const products = await tx.query(
      `INSERT INTO board_product_polls (board_id, plu, first_polled_at)
       SELECT $1, plu, $2 FROM unnest($3::text[]) AS p(plu)
       ON CONFLICT (board_id, plu) DO NOTHING`,
      [snapshot.boardId, at, [...snapshot.answeredPlus, ...(snapshot.partialPlus ?? []), ...(snapshot.noPagePlus ?? [])]],
    );
    // How old each number is: every product asked (and when it will be asked again), whole answers, and
    // the stores a partial answer named.
    await tx.query(
      `UPDATE board_product_polls b
          SET asked_at = $2, answered_at = CASE WHEN p.whole THEN $2 ELSE b.answered_at END, next_ask_at = p.next_ask_at
         FROM unnest($3::text[], $4::bool[], $5::timestamptz[]) AS p(plu, whole, next_ask_at)
        WHERE b.board_id = $1 AND b.plu = p.plu`,
      [snapshot.boardId, at, ...askedColumns(snapshot)],
    );
    const partial = new Set(snapshot.partialPlus ?? []);
    const named = snapshot.stock.filter((c) => partial.has(c.plu));
    if (named.length > 0) {
      await tx.query(
        `UPDATE store_inventory si SET confirmed_at = $1
           FROM unnest($2::int[], $3::text[]) AS c(store_id, plu)
          WHERE si.store_id = c.store_id AND si.plu = c.plu AND si.last_updated < $1`,
        [at, named.map((c) => c.storeId), named.map((c) => c.plu)],
      );
    }
    return {
      historyRows: history.rowCount ?? 0,
      arrivals: history.rows.filter((r: { arrival: boolean }) => r.arrival).length,
      inventoryRowsChanged: inventory.rowCount ?? 0,
      baselineStores: stores.rowCount ?? 0,
      baselineProducts: products.rowCount ?? 0,
    };
  });
}

/** The products a poll asked about, which of them the board answered whole, and when each is asked again. */
function askedColumns(snapshot: StoreSnapshot): [string[], boolean[], (string | null)[]] {
  const plus = [...snapshot.answeredPlus, ...(snapshot.partialPlus ?? []), ...(snapshot.noPagePlus ?? []), ...(snapshot.failedPlus ?? [])];
  return [plus, plus.map((_, i) => i < snapshot.answeredPlus.length), nextAsks(plus, snapshot.nextAskAt)];
}

/** When each product is asked again, as a timestamptz[] parameter (null: not recorded). */
const nextAsks = (plus: string[], nextAskAt?: (plu: string) => Date) => plus.map((plu) => nextAskAt?.(plu).toISOString() ?? null);

/**
 * A poll that wrote no snapshot (the board's source failed as a whole) still asked: the products' stock was
 * not confirmed, so it starts to age. Only products the board answered before have a row to move.
 */
export async function recordAsked(boardId: number, plus: string[], at: Date, nextAskAt?: (plu: string) => Date): Promise<void> {
  if (plus.length === 0) return;
  await db.$executeRaw`
    UPDATE board_product_polls b SET asked_at = ${at}, next_ask_at = p.next_ask_at
      FROM unnest(${plus}::text[], ${nextAsks(plus, nextAskAt)}::timestamptz[]) AS p(plu, next_ask_at)
     WHERE b.board_id = ${boardId} AND b.plu = p.plu AND (b.asked_at IS NULL OR b.asked_at < ${at})`;
}

/**
 * An int[] parameter in Postgres's array text form, built in one join: node-postgres would otherwise turn
 * each of a statewide poll's ~700,000 numbers into a string of its own and concatenate them one by one,
 * which more than doubled the scraper's peak memory (bench:ingest, statewide phases).
 */
function intArray(values: Int32Array): string {
  return `{${values.join(',')}}`;
}
