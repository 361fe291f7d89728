import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { db, Prisma } from '../db/index.ts';
import { withTestDatabase } from '../../testing/harness.ts';
import { milesBetween } from './geo.ts';
import { milesSql } from './sql.ts';

// A radius alert's SQL and the screens' words must agree on every distance: a store the alert lets in at 25 miles
// is one the screens call "25 mi" or less, and none they call 25.1.

withTestDatabase('migrated', 'places_sql');

const ncPoint = fc.record({ latitude: fc.double({ min: 33.8, max: 36.6, noNaN: true }), longitude: fc.double({ min: -84.3, max: -75.4, noNaN: true }) });

describe('milesSql', () => {
  it('gives the miles milesBetween gives, to the tenth, for random pairs of points of the state', async () => {
    const pairs = fc.sample(fc.tuple(ncPoint, ncPoint), { numRuns: 2_000, seed: Date.now() % 100_000 });
    // Near pairs too: where a radius decides, a few miles apart.
    pairs.push(...fc.sample(fc.tuple(ncPoint, fc.record({ dLat: fc.double({ min: -0.4, max: 0.4, noNaN: true }), dLng: fc.double({ min: -0.4, max: 0.4, noNaN: true }) })), 1_000)
      .map(([a, d]) => [a, { latitude: a.latitude + d.dLat, longitude: a.longitude + d.dLng }] as [typeof a, typeof a]));
    const col = (f: (p: (typeof pairs)[number]) => number) => pairs.map(f);
    const rows = await db.$queryRaw<{ miles: number }[]>`
      SELECT ${milesSql({ latitude: Prisma.sql`a_lat`, longitude: Prisma.sql`a_lng` }, { latitude: Prisma.sql`b_lat`, longitude: Prisma.sql`b_lng` })}::float8 AS miles
        FROM unnest(${col(([a]) => a.latitude)}::float8[], ${col(([a]) => a.longitude)}::float8[],
                    ${col(([, b]) => b.latitude)}::float8[], ${col(([, b]) => b.longitude)}::float8[]) WITH ORDINALITY AS t(a_lat, a_lng, b_lat, b_lng, i)
       ORDER BY i`;
    const differing = pairs.filter(([a, b], i) => rows[i].miles !== milesBetween(a, b));
    expect(differing).toEqual([]);
  });
});
