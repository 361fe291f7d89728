import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { applyWakeSnapshot } from './wake-snapshot.ts';

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

describe('applyWakeSnapshot', () => {
  it('treats the first poll as a baseline, then records arrivals, sales and sell-outs', async () => {
    const base = await applyWakeSnapshot({
      checkedAt: T(0), polledPlus: ['27090', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 3 }, { storeId: 2, plu: '17612', quantity: 5 }],
    });
    expect(base).toMatchObject({ historyRows: 0, arrivals: 0, baselineStores: 3, baselineProducts: 2 });
    expect(await inventory()).toEqual([
      { store_id: 1, plu: '27090', quantity: 3 },
      { store_id: 2, plu: '17612', quantity: 5 },
    ]);

    // The same snapshot twice writes nothing.
    const again = await applyWakeSnapshot({
      checkedAt: T(1), polledPlus: ['27090', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '27090', quantity: 3 }, { storeId: 2, plu: '17612', quantity: 5 }],
    });
    expect(again).toMatchObject({ historyRows: 0, inventoryRowsChanged: 0 });

    // Store 3 gets Blanton's (never seen there: first), store 1 restocks (increase), store 2 sells 2, then all.
    const next = await applyWakeSnapshot({
      checkedAt: T(2), polledPlus: ['27090', '17612'], storeIds: STORES,
      stock: [
        { storeId: 1, plu: '27090', quantity: 6 },
        { storeId: 3, plu: '27090', quantity: 2 },
        { storeId: 2, plu: '17612', quantity: 3 },
      ],
    });
    expect(next).toMatchObject({ historyRows: 3, arrivals: 2 });
    await applyWakeSnapshot({
      checkedAt: T(3), polledPlus: ['27090', '17612'], storeIds: STORES,
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
    await applyWakeSnapshot({
      checkedAt: T(4), polledPlus: ['17612'], storeIds: STORES,
      stock: [{ storeId: 2, plu: '17612', quantity: 4 }],
    });
    expect((await history()).at(-1)).toMatchObject({ store_id: 2, change_type: 'increase', previous_quantity: 0, new_quantity: 4 });
  });

  it('keeps the last known stock of a product whose fetch failed', async () => {
    const before = await inventory();
    // 27090's search failed: it is not in polledPlus, so its absence from `stock` is not a sell-out.
    const result = await applyWakeSnapshot({ checkedAt: T(5), polledPlus: ['17612'], storeIds: STORES, stock: [{ storeId: 2, plu: '17612', quantity: 4 }] });
    expect(result.historyRows).toBe(0);
    expect(await inventory()).toEqual(before);
  });

  it('treats a product polled for the first time as a baseline', async () => {
    const result = await applyWakeSnapshot({
      checkedAt: T(6), polledPlus: ['00123', '17612'], storeIds: STORES,
      stock: [{ storeId: 1, plu: '00123', quantity: 40 }, { storeId: 2, plu: '17612', quantity: 4 }],
    });
    expect(result).toMatchObject({ historyRows: 0, baselineProducts: 1 });
  });
});
