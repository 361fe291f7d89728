import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { applyShipmentsExtract } from './shipments.ts';
import { applyWarehouseSnapshot } from './warehouse.ts';

let database: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('whship');
  await setDatabaseUrl(database.url);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  await sql.query(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County'), (90, 'Durham County ABC Board', 'Durham County')`);
  await sql.query(`INSERT INTO products (plu, name, listing_type, bottles_per_case, updated_at) VALUES ('27090', 'Blanton''s Single Barrel', 'Allocation', 6, now())`);
});

afterAll(async () => {
  await sql?.end();
  await disconnectDb();
  await database?.drop();
});

describe('applyWarehouseSnapshot', () => {
  it('records a level only when it changes, and adds products new to the catalog', async () => {
    const t = (h: number) => new Date(Date.UTC(2026, 10, 16, 12 + h));
    const first = await applyWarehouseSnapshot(t(0), [
      { ncCode: '27090', brandName: "Blanton's Single Barrel", listingType: 'Allocation', totalAvailable: 120 },
      { ncCode: '01234', brandName: 'New Barrel Pick', listingType: 'Barrel', totalAvailable: 36 },
    ]);
    expect(first).toMatchObject({ newProducts: 1, levelsWritten: 2 });
    const same = await applyWarehouseSnapshot(t(1), [
      { ncCode: '27090', brandName: "Blanton's Single Barrel", listingType: 'Allocation', totalAvailable: 120 },
      { ncCode: '01234', brandName: 'New Barrel Pick', listingType: 'Barrel', totalAvailable: 30 },
    ]);
    expect(same.levelsWritten).toBe(1);
    const { rows } = await sql.query(`SELECT plu, total_available FROM warehouse_levels ORDER BY checked_at, plu`);
    expect(rows).toEqual([
      { plu: '01234', total_available: 36 },
      { plu: '27090', total_available: 120 },
      { plu: '01234', total_available: 30 },
    ]);
    const product = await sql.query(`SELECT listing_type::text FROM products WHERE plu = '01234'`);
    expect(product.rows[0].listing_type).toBe('Barrel');
  });
});

describe('applyShipmentsExtract', () => {
  const extract = (day: string, wake: number, durham: number) => ({
    at: new Date(`${day}T15:03:56Z`),
    records: [
      { plu: '27090', boardName: 'Wake County ABC Board', units: wake, productName: "Blanton's Single Barrel" },
      { plu: '27090', boardName: 'Durham County ABC Board', units: durham, productName: "Blanton's Single Barrel" },
      { plu: '27090', boardName: 'Nowhere ABC Board', units: 6, productName: "Blanton's Single Barrel" },
    ],
  });

  it('dates increases between extracts as shipments; the first extract is a baseline; decreases are ageing out', async () => {
    const e1 = extract('2026-11-16', 12, 6);
    const base = await applyShipmentsExtract(e1.at, e1.records);
    expect(base).toMatchObject({ baseline: true, shipmentsWritten: 0, unknownBoards: ['Nowhere ABC Board'] });

    const e2 = extract('2026-11-17', 24, 6);
    expect(await applyShipmentsExtract(e2.at, e2.records)).toMatchObject({ baseline: false, shipmentsWritten: 1 });
    // The same extract again is skipped.
    expect(await applyShipmentsExtract(e2.at, e2.records)).toMatchObject({ skipped: true });

    const e3 = extract('2026-11-18', 18, 12); // Wake ages out 6, Durham gets 6
    await applyShipmentsExtract(e3.at, e3.records);
    const { rows } = await sql.query(
      `SELECT plu, board_id, to_char(ship_date, 'YYYY-MM-DD') AS day, units FROM shipments ORDER BY ship_date, board_id`,
    );
    expect(rows).toEqual([
      { plu: '27090', board_id: 179, day: '2026-11-17', units: 12 },
      { plu: '27090', board_id: 90, day: '2026-11-18', units: 6 },
    ]);
  });

  // Continues from the extracts above (totals: Wake 18, Durham 12; Durham shipped 6 on 11/18).
  it('a shortened extract keeps the totals it left out, so the next whole one dates no false shipment', async () => {
    const durhamLeftOut = { at: new Date('2026-11-19T15:03:56Z'), records: extract('2026-11-19', 18, 0).records.filter((r) => !r.boardName.startsWith('Durham')) };
    expect(await applyShipmentsExtract(durhamLeftOut.at, durhamLeftOut.records)).toMatchObject({ shipmentsWritten: 0, totalsKept: 1 });
    const cutShort = extract('2026-11-20', 18, 2); // below the 6 dated to Durham two days ago: not an age-out
    expect(await applyShipmentsExtract(cutShort.at, cutShort.records)).toMatchObject({ shipmentsWritten: 0, totalsKept: 1 });
    const whole = extract('2026-11-21', 18, 12);
    expect(await applyShipmentsExtract(whole.at, whole.records)).toMatchObject({ shipmentsWritten: 0, totalsKept: 0 });
    const { rows } = await sql.query(`SELECT board_id, to_char(ship_date, 'YYYY-MM-DD') AS day, units FROM shipments ORDER BY ship_date, board_id`);
    expect(rows).toEqual([
      { board_id: 179, day: '2026-11-17', units: 12 },
      { board_id: 90, day: '2026-11-18', units: 6 },
    ]);
  });

  it('refuses an extract with fewer than half the previous totals: nothing written, the run fails saying so', async () => {
    const totalsBefore = (await sql.query(`SELECT plu, board_id, units FROM shipment_totals ORDER BY board_id`)).rows;
    const unknownOnly = extract('2026-11-22', 30, 30).records.filter((r) => r.boardName.startsWith('Nowhere'));
    await expect(applyShipmentsExtract(new Date('2026-11-22T15:03:56Z'), unknownOnly)).rejects.toThrow(
      'shipments extract: the extract of 11/22/2026 lists 0 product-board totals, 0% of the previous 2: treated as incomplete, nothing written',
    );
    expect((await sql.query(`SELECT plu, board_id, units FROM shipment_totals ORDER BY board_id`)).rows).toEqual(totalsBefore);
    expect((await sql.query(`SELECT count(*)::int AS n FROM shipments WHERE ship_date >= '2026-11-19'`)).rows[0].n).toBe(0);
  });

  // Continues from the extracts above: every day read and judged is recorded, a day without one is not.
  it('records each extract day as judged, and the span of the next applied one over days without', async () => {
    const whole = extract('2026-11-24', 18, 12);
    expect(await applyShipmentsExtract(whole.at, whole.records)).toMatchObject({ coversFrom: '2026-11-22', totalsKept: 0 });
    const { rows } = await sql.query(
      `SELECT to_char(ship_date, 'YYYY-MM-DD') AS day, to_char(covers_from, 'YYYY-MM-DD') AS covers_from, status, applied, records, missing_board_ids
         FROM shipment_days ORDER BY ship_date`,
    );
    expect(rows).toEqual([
      { day: '2026-11-16', covers_from: '2026-11-16', status: 'baseline', applied: true, records: 2, missing_board_ids: [] },
      { day: '2026-11-17', covers_from: '2026-11-17', status: 'complete', applied: true, records: 2, missing_board_ids: [] },
      { day: '2026-11-18', covers_from: '2026-11-18', status: 'complete', applied: true, records: 2, missing_board_ids: [] },
      { day: '2026-11-19', covers_from: '2026-11-19', status: 'truncated', applied: true, records: 1, missing_board_ids: [90] },
      { day: '2026-11-20', covers_from: '2026-11-20', status: 'truncated', applied: true, records: 2, missing_board_ids: [90] },
      { day: '2026-11-21', covers_from: '2026-11-21', status: 'complete', applied: true, records: 2, missing_board_ids: [] },
      { day: '2026-11-22', covers_from: '2026-11-22', status: 'truncated', applied: false, records: 0, missing_board_ids: [] },
      // 11/22 refused and 11/23 without an extract: their shipments are dated 11/24.
      { day: '2026-11-24', covers_from: '2026-11-22', status: 'complete', applied: true, records: 2, missing_board_ids: [] },
    ]);
  });

  // Continues from 11/24: the next extract comes 17 days later, past the window: every old total aged out.
  it('an extract more than 15 days after the last applied one is a new baseline: it dates nothing, the days between stay without a row', async () => {
    const late = extract('2026-12-11', 30, 30);
    expect(await applyShipmentsExtract(late.at, late.records)).toMatchObject({ baseline: true, shipmentsWritten: 0, coversFrom: '2026-12-11' });
    expect((await sql.query(`SELECT count(*)::int AS n FROM shipments WHERE ship_date > '2026-11-24'`)).rows[0].n).toBe(0);
    const { rows } = await sql.query(
      `SELECT to_char(ship_date, 'YYYY-MM-DD') AS day, to_char(covers_from, 'YYYY-MM-DD') AS covers_from, status FROM shipment_days WHERE ship_date > '2026-11-24'`,
    );
    expect(rows).toEqual([{ day: '2026-12-11', covers_from: '2026-12-11', status: 'baseline' }]);
    const next = extract('2026-12-12', 36, 30);
    expect(await applyShipmentsExtract(next.at, next.records)).toMatchObject({ baseline: false, shipmentsWritten: 1, coversFrom: '2026-12-12' });
  });
});
