import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { applyStoreSnapshot, recordAsked, type StoreSnapshot } from './store-snapshot.ts';

const apply = (s: Omit<StoreSnapshot, 'boardId'>) => applyStoreSnapshot({ boardId: 179, ...s });

let database: TestDatabase;
let sql: pg.Client;
const STORES = [1, 2, 3];
const T = (h: number) => new Date(Date.UTC(2026, 10, 16, 14 + h, 0, 0));

async function history() {
  const { rows } = await sql.query(
    `SELECT store_id, plu, previous_quantity, new_quantity, delta, change_type::text, checked_at
     FROM inventory_history ORDER BY checked_at, store_id, plu`,
  );
  return rows;
}
async function inventory() {
  const { rows } = await sql.query('SELECT store_id, plu, quantity FROM store_inventory ORDER BY store_id, plu');
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase('wakesnap');
  await setDatabaseUrl(database.url);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  await sql.query(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County')`);
  for (const id of STORES) {
    await sql.query(
      `INSERT INTO stores (id, board_id, store_number, nickname, address, address_key, city, region)
       VALUES ($1, 179, $1, $2, $3, $4, 'Raleigh', 'Central')`,
      [id, `Store ${id}`, `${id} Main St, Raleigh, NC 27601`, `${id} main st raleigh nc 27601`],
    );
  }
  for (const [plu, name] of [['27090', "Blanton's Single Barrel"], ['17612', 'Eagle Rare 10'], ['00123', 'Listed Vodka']]) {
    await sql.query(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ($1, $2, 'Allocation', now())`, [plu, name]);
  }
});

afterAll(async () => {
  await sql?.end();
  await disconnectDb();
  await database?.drop();
});

describe('applyStoreSnapshot', () => {
  it('treats the first poll as a baseline, then records arrivals, sales and sell-outs', async () => {
    const base = await apply({
      checkedAt: T(0), answeredPlus: ['27090', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 3 }, { storeId: 2, plu: '17612', quantity: 5 }],
    });
    expect(base).toMatchObject({ historyRows: 0, arrivals: 0, baselineStores: 3, baselineProducts: 2 });
    expect(await inventory()).toEqual([
      { store_id: 1, plu: '27090', quantity: 3 },
      { store_id: 2, plu: '17612', quantity: 5 },
    ]);

    // The same snapshot twice writes nothing.
    const again = await apply({
      checkedAt: T(1), answeredPlus: ['27090', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 3 }, { storeId: 2, plu: '17612', quantity: 5 }],
    });
    expect(again).toMatchObject({ historyRows: 0, inventoryRowsChanged: 0 });

    // Store 3 gets Blanton's (never seen there: first), store 1 restocks (increase), store 2 sells 2, then all.
    const next = await apply({
      checkedAt: T(2), answeredPlus: ['27090', '17612'], storeIds: STORES,
      stock: [
        { storeId: 1, plu: '27090', quantity: 6 },
        { storeId: 3, plu: '27090', quantity: 2 },
        { storeId: 2, plu: '17612', quantity: 3 },
      ],
    });
    expect(next).toMatchObject({ historyRows: 3, arrivals: 2 });
    await apply({
      checkedAt: T(3), answeredPlus: ['27090', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 6 }, { storeId: 3, plu: '27090', quantity: 2 }],
    });
    const rows = (await history()).map((r) => ({ store_id: r.store_id, plu: r.plu, previous_quantity: r.previous_quantity, new_quantity: r.new_quantity, delta: r.delta, change_type: r.change_type }));
    expect(rows).toEqual([
      { store_id: 1, plu: '27090', previous_quantity: 3, new_quantity: 6, delta: 3, change_type: 'increase' },
      { store_id: 2, plu: '17612', previous_quantity: 5, new_quantity: 3, delta: -2, change_type: 'decrease' },
      { store_id: 3, plu: '27090', previous_quantity: 0, new_quantity: 2, delta: 2, change_type: 'first' },
      { store_id: 2, plu: '17612', previous_quantity: 3, new_quantity: 0, delta: -3, change_type: 'sold_out' },
    ]);

    // Restocked after selling out: an increase, not a first.
    await apply({
      checkedAt: T(4), answeredPlus: ['17612'], storeIds: STORES,
      stock: [{ storeId: 2, plu: '17612', quantity: 4 }],
    });
    expect((await history()).at(-1)).toMatchObject({ store_id: 2, change_type: 'increase', previous_quantity: 0, new_quantity: 4 });
  });

  it('keeps the last known stock of a product whose fetch failed', async () => {
    const before = await inventory();
    // 27090's search failed: it is not in answeredPlus, so its absence from `stock` is not a sell-out.
    const result = await apply({ checkedAt: T(5), answeredPlus: ['17612'], storeIds: STORES, stock: [{ storeId: 2, plu: '17612', quantity: 4 }] });
    expect(result.historyRows).toBe(0);
    expect(await inventory()).toEqual(before);
  });

  it('treats a product polled for the first time as a baseline', async () => {
    const result = await apply({
      checkedAt: T(6), answeredPlus: ['00123', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '00123', quantity: 40 }, { storeId: 2, plu: '17612', quantity: 4 }],
    });
    expect(result).toMatchObject({ historyRows: 0, baselineProducts: 1 });
  });

  it("keeps a product's stock at the stores a listing does not name when one of its lines matched no store", async () => {
    // 27090 is at stores 1 (6) and 3 (2). Store 3's address is printed differently: the line matches no
    // known store, so the listing is partial. Store 1's change is real; store 3 keeps its 2 bottles.
    const respelled = await apply({
      checkedAt: T(7), answeredPlus: [], partialPlus: ['27090'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 5 }],
    });
    expect(respelled).toMatchObject({ historyRows: 1, arrivals: 0 });
    expect((await history()).at(-1)).toMatchObject({ store_id: 1, plu: '27090', change_type: 'decrease', new_quantity: 5 });
    expect((await inventory()).filter((r) => r.plu === '27090')).toEqual([
      { store_id: 1, plu: '27090', quantity: 5 },
      { store_id: 3, plu: '27090', quantity: 2 },
    ]);
    // The old spelling returns with the same stock: nothing to write.
    const back = await apply({
      checkedAt: T(8), answeredPlus: ['27090'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 5 }, { storeId: 3, plu: '27090', quantity: 2 }],
    });
    expect(back).toMatchObject({ historyRows: 0, inventoryRowsChanged: 0 });
  });

  it('records a debut: a product answered before with nothing, now on shelves, is a first arrival at every store', async () => {
    await sql.query(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99001', 'New Release Bourbon', 'Unknown', now())`);
    // Searched, and Wake had it nowhere: an answer (0 everywhere), recorded so its first sighting is news.
    const absent = await apply({ checkedAt: T(9), answeredPlus: ['99001'], storeIds: STORES, stock: [] });
    expect(absent).toMatchObject({ historyRows: 0, baselineProducts: 1 });
    const debut = await apply({
      checkedAt: T(10), answeredPlus: ['99001'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '99001', quantity: 3 }, { storeId: 2, plu: '99001', quantity: 1 }, { storeId: 3, plu: '99001', quantity: 6 }],
    });
    expect(debut).toMatchObject({ historyRows: 3, arrivals: 3, baselineProducts: 0 });
    const rows = (await history()).filter((r) => r.plu === '99001');
    expect(rows.map((r) => [r.store_id, r.change_type, r.new_quantity])).toEqual([[1, 'first', 3], [2, 'first', 1], [3, 'first', 6]]);
  });

  it('a product the board said it has no page for keeps its stock, and its first appearance later is a debut', async () => {
    await sql.query(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99002', 'Another Release', 'Unknown', now())`);
    const before = await inventory();
    // "Product Not Found": nothing written, but the board was asked.
    const notFound = await apply({ checkedAt: new Date(T(10).getTime() + 20 * 60_000), answeredPlus: [], noPagePlus: ['99002', '27090'], storeIds: STORES, stock: [] });
    expect(notFound).toMatchObject({ historyRows: 0, inventoryRowsChanged: 0, baselineProducts: 1 });
    expect(await inventory()).toEqual(before);
    const debut = await apply({ checkedAt: new Date(T(10).getTime() + 40 * 60_000), answeredPlus: ['99002'], storeIds: STORES, stock: [{ storeId: 2, plu: '99002', quantity: 2 }] });
    expect(debut).toMatchObject({ historyRows: 1, arrivals: 1 });
    expect((await history()).filter((r) => r.plu === '99002').map((r) => [r.store_id, r.change_type, r.new_quantity])).toEqual([[2, 'first', 2]]);
  });

  it('baselines a new store on its own first poll, while the other stores keep recording', async () => {
    await sql.query(
      `INSERT INTO stores (id, board_id, store_number, nickname, address, address_key, city, region)
       VALUES (4, 179, 4, 'Store 4', '4 Main St, Raleigh, NC 27601', '4 main st raleigh nc 27601', 'Raleigh', 'Central')`,
    );
    const result = await apply({
      checkedAt: T(11), answeredPlus: ['99001'], storeIds: [...STORES, 4],
      stock: [{ storeId: 1, plu: '99001', quantity: 4 }, { storeId: 2, plu: '99001', quantity: 1 }, { storeId: 3, plu: '99001', quantity: 6 }, { storeId: 4, plu: '99001', quantity: 12 }],
    });
    expect(result).toMatchObject({ historyRows: 1, arrivals: 1, baselineStores: 1 });
    expect((await inventory()).find((r) => r.store_id === 4)).toEqual({ store_id: 4, plu: '99001', quantity: 12 });
  });

  it('counts a store listed twice for one product once, at its larger quantity, and ignores a store the poll did not cover', async () => {
    const cell = (storeId: number, quantity: number) => ({ storeId, plu: '17612', quantity });
    const result = await apply({
      checkedAt: T(12), answeredPlus: ['17612'], storeIds: STORES,
      stock: [cell(1, 2), cell(1, 5), cell(2, 0), cell(3, 0), cell(4, 9)],
    });
    expect(result.historyRows).toBeGreaterThan(0);
    const rows = await sql.query(`SELECT store_id, new_quantity FROM inventory_history WHERE plu = '17612' AND checked_at = $1 ORDER BY store_id`, [T(12)]);
    expect(rows.rows.find((r) => r.store_id === 1)?.new_quantity).toBe(5);
    expect(rows.rows.some((r) => r.store_id === 4)).toBe(false);
    const stock = (await inventory()).filter((r) => r.plu === '17612');
    expect(stock.find((r) => r.store_id === 1)?.quantity).toBe(5);
    expect(stock.find((r) => r.store_id === 4)).toBeUndefined();
  });

  it('records how old each number is: every product asked and when it is asked again, whole answers, and the stores a partial answer named', async () => {
    const polls = async () =>
      (await sql.query(`SELECT plu, asked_at, answered_at, next_ask_at FROM board_product_polls WHERE board_id = 179 AND plu IN ('27090', '17612', '99003', '99002') ORDER BY plu`)).rows;
    const confirmed = async (plu: string) =>
      (await sql.query(`SELECT store_id, last_updated, confirmed_at FROM store_inventory WHERE plu = $1 ORDER BY store_id`, [plu])).rows;
    await sql.query(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ('99003', 'A Third Release', 'Allocation', now())`);
    await apply({ checkedAt: T(13), answeredPlus: ['99003'], storeIds: STORES, stock: [{ storeId: 1, plu: '99003', quantity: 4 }, { storeId: 2, plu: '99003', quantity: 1 }, { storeId: 3, plu: '99003', quantity: 6 }] });
    const at = T(14);
    // 27090 answered whole, 99001 partially (store 1 named, unchanged; store 3 not named), 99002 said nothing, 17612 failed.
    // 27090 is asked again at the next poll, the others the next day (the poll's plan).
    const nextAskAt = (plu: string) => (plu === '27090' ? T(15) : T(14 + 24));
    await apply({
      checkedAt: at, answeredPlus: ['27090'], partialPlus: ['99003'], noPagePlus: ['99002'], failedPlus: ['17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 3 }, { storeId: 1, plu: '99003', quantity: 4 }, { storeId: 2, plu: '99003', quantity: 2 }],
      nextAskAt,
    });
    const byPlu = Object.fromEntries((await polls()).map((r) => [r.plu, r]));
    expect(byPlu['27090']).toMatchObject({ asked_at: at, answered_at: at, next_ask_at: T(15) });
    expect(byPlu['99003']).toMatchObject({ asked_at: at, answered_at: T(13), next_ask_at: T(14 + 24) });
    expect([byPlu['99002'].next_ask_at, byPlu['17612'].next_ask_at]).toEqual([T(14 + 24), T(14 + 24)]);
    expect(byPlu['99002'].asked_at).toEqual(at);
    expect(byPlu['99002'].answered_at).not.toEqual(at);
    expect(byPlu['17612'].asked_at).toEqual(at);
    expect(byPlu['17612'].answered_at).not.toEqual(at);
    // Store 1 named unchanged: confirmed now; store 2 changed (its change confirms it); store 3 not named.
    expect((await confirmed('99003')).map((r) => [r.store_id, r.confirmed_at?.getTime() ?? null, r.last_updated.getTime()])).toEqual([
      [1, at.getTime(), T(13).getTime()],
      [2, null, at.getTime()],
      [3, null, T(13).getTime()],
    ]);
    // A poll that failed as a whole still asked: only products answered before have a row to move.
    const later = T(15);
    await recordAsked(179, ['27090', '55555'], later, () => T(16));
    expect((await polls()).find((r) => r.plu === '27090')).toMatchObject({ asked_at: later, answered_at: at, next_ask_at: T(16) });
    expect((await sql.query(`SELECT 1 FROM board_product_polls WHERE plu = '55555'`)).rows).toEqual([]);
  });
});
