import { describe, expect, it } from 'vitest';
import { setAlertSettings } from '../../testing/alerts.ts';
import { newUser, query as q, withTestDatabase } from '../../testing/harness.ts';
import { milesBetween } from '../places/geo.ts';
import { nyTimeToUtc } from '../time.ts';
import { digestReportGaps } from './report-days.ts';

// A digest lists the days the state's shipment report was missing, late or incomplete for the boards whose shipments
// may alert the hunter: those chosen, and (issue 39) those with a store within the hunter's alert radius, when their
// shelves are not read. Otherwise a hunter alerted by radius reads a quiet digest as "nothing shipped near you".

withTestDatabase('reference', 'report_days');

const DURHAM = 78; // shelves read: never a report line
const RADIUS = 20;

describe('digestReportGaps', () => {
  it('lists the boards chosen and those within the alert radius whose shelves are not read, and no other', async () => {
    const [boone] = await q<{ board_id: number; name: string; latitude: number; longitude: number }>(
      `SELECT s.board_id, b.name_clean AS name, s.latitude, s.longitude FROM stores s JOIN boards b ON b.id = s.board_id
        WHERE b.name_clean = 'Boone' AND NOT s.mixed_beverage AND s.latitude IS NOT NULL`,
    );
    // The reports of the days before came whole; none by 17:05 on the day: late, for every board not read on the shelf.
    for (const day of ['2027-01-06', '2027-01-07']) {
      await q(
        `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids)
         VALUES ($1::date, $1::date, 'complete', true, now(), now(), 1000, '{}')`,
        [day],
      );
    }
    const now = nyTimeToUtc('2027-01-08', 17, 5);
    const near = await newUser();
    const far = await newUser();
    const chose = await newUser();
    // Far: on Pamlico Sound, 11 miles from the nearest store, with a 5-mile radius.
    for (const [user, point, radius] of [
      [near, { latitude: boone.latitude + 0.05, longitude: boone.longitude }, RADIUS],
      [far, { latitude: 35.0, longitude: -76.0 }, 5],
    ] as const) {
      await setAlertSettings(process.env.DATABASE_URL!, user.id, { board_ids: [DURHAM], radius_miles: radius });
      // Kept coarse, as every place is (two decimals).
      const coarse = (x: number) => Math.round(x * 100) / 100;
      await q(`INSERT INTO hunter_places (user_id, source, latitude, longitude) VALUES ($1, 'device', $2, $3)`, [user.id, coarse(point.latitude), coarse(point.longitude)]);
    }
    await setAlertSettings(process.env.DATABASE_URL!, chose.id, { board_ids: [DURHAM, boone.board_id] });

    const boards = async (userId: number) => [...new Set((await digestReportGaps(userId, null, now)).map((g) => g.boardName))];
    // Near Boone: Boone and the other boards with a retail store within the radius, none read on the shelf.
    const [place] = await q<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM hunter_places WHERE user_id = $1', [near.id]);
    const stores = await q<{ name: string; latitude: number; longitude: number }>(
      `SELECT b.name_clean AS name, s.latitude, s.longitude FROM stores s JOIN boards b ON b.id = s.board_id
        WHERE NOT s.mixed_beverage AND s.latitude IS NOT NULL AND NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = b.id AND bs.enabled)`,
    );
    const within = [...new Set(stores.filter((st) => milesBetween(place, st) <= RADIUS).map((st) => st.name))].sort();
    expect(within).toContain(boone.name);
    expect([...(await boards(near.id))].sort()).toEqual(within);
    expect(await boards(chose.id)).toEqual([boone.name]);
    expect(await boards(far.id)).toEqual([]);
    expect((await digestReportGaps(near.id, null, now)).find((g) => g.boardId === boone.board_id)).toMatchObject({ date: '2027-01-08', status: 'late' });
  });
});
