import { afterAll, describe, expect, it } from 'vitest';
import { createDatabaseWithout, type OlderDatabase } from '../../testing/database.ts';
import { sql } from '../../testing/sql.ts';

// Migration 20261228000000_delivery_patterns_are_learned on a deployment's database that earlier refreshes filled
// with the demo's delivery patterns (docs/decisions/030-delivery-patterns-are-learned.md): a Wake store keeps a
// pattern only when its own history holds the three delivery days the scraper learns one from.

const MIGRATION = '20261228000000_delivery_patterns_are_learned';
let db: OlderDatabase | undefined;

afterAll(async () => {
  await db?.drop();
});

describe(MIGRATION, () => {
  it("clears the seed's patterns the scraper cannot have learned, keeps the learned ones and every last delivery", async () => {
    db = await createDatabaseWithout(MIGRATION, 'deliverypatternsmig');
    const q = (text: string, params: unknown[] = []) => sql<Record<string, unknown>>(text, params, db!.url);
    await q(`INSERT INTO boards (id, name, name_clean) VALUES (179, 'Wake County ABC Board', 'Wake County'), (78, 'Durham County ABC Board', 'Durham County')`);
    const plus = ['10001', '10002', '10003', '10004', '10005'];
    for (const plu of plus) await q(`INSERT INTO products (plu, name, listing_type, updated_at) VALUES ($1, $2, 'Listed', now())`, [plu, `Product ${plu}`]);
    // What a refresh of an earlier release left: Wake's stores with the seed's pattern, whatever the scraper saw.
    const store = async (boardId: number, n: number, day: string | null, interval: number | null, last: string | null) => {
      const [row] = await q(
        `INSERT INTO stores (board_id, store_number, nickname, address, address_key, city, region, delivery_day, delivery_interval_days, last_delivery_date)
         VALUES ($1, $2, $3, $4, $5, 'Raleigh', 'Raleigh', $6, $7, $8) RETURNING id`,
        [boardId, n, `Store ${n}`, `${n} Main St, Raleigh, NC 27601`, `${n} main st`, day, interval, last],
      );
      return row.id as number;
    };
    const learned = await store(179, 1, 'Monday', 7, '2026-11-23'); // three deliveries seen: learned (or confirmed)
    const twoSeen = await store(179, 2, 'Tuesday', 14, '2026-11-20'); // two deliveries, one on a Friday: the seed's
    const never = await store(179, 3, 'Thursday', 7, null); // never observed
    const quiet = await store(179, 4, 'Wednesday', 7, '2026-11-18'); // rises of four products a day: not a delivery
    const durham = await store(78, 1, 'Tuesday', 7, '2026-11-17'); // another board: nothing seeded it, nothing to undo
    const delivery = async (storeId: number, at: string, products = plus) => {
      for (const plu of products) {
        await q(
          `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES ($1, $2, $3, 0, 3, 3, 'increase')`,
          [storeId, plu, at],
        );
      }
    };
    // 2026-11-09, -16, -23 at 11:00 New York (16:00 UTC); one day's rises straddle UTC midnight but not New York's.
    await delivery(learned, '2026-11-09T16:00:00Z');
    await delivery(learned, '2026-11-16T16:00:00Z');
    await delivery(learned, '2026-11-24T02:00:00Z', plus.slice(0, 2)); // 21:00 on the 23rd in New York
    await delivery(learned, '2026-11-23T16:00:00Z', plus.slice(2));
    await delivery(twoSeen, '2026-11-10T16:00:00Z');
    await delivery(twoSeen, '2026-11-20T16:00:00Z');
    for (const day of ['2026-11-04', '2026-11-11', '2026-11-18']) await delivery(quiet, `${day}T16:00:00Z`, plus.slice(0, 4));

    expect((await db.applyMigration()).applied).toEqual([MIGRATION]);
    expect(await q(`SELECT id, delivery_day, delivery_interval_days, to_char(last_delivery_date, 'YYYY-MM-DD') AS last FROM stores ORDER BY id`)).toEqual([
      { id: learned, delivery_day: 'Monday', delivery_interval_days: 7, last: '2026-11-23' },
      { id: twoSeen, delivery_day: null, delivery_interval_days: null, last: '2026-11-20' },
      { id: never, delivery_day: null, delivery_interval_days: null, last: null },
      { id: quiet, delivery_day: null, delivery_interval_days: null, last: '2026-11-18' },
      { id: durham, delivery_day: 'Tuesday', delivery_interval_days: 7, last: '2026-11-17' },
    ]);
  }, 60_000);
});
