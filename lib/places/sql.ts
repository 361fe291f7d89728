import { Prisma } from '../db/index.ts';

// Distances in SQL, for statements that choose by distance (radius alerts, lib/alerts/process.ts): the same miles
// milesBetween (geo.ts) gives the screens, so a store an alert names at "24.9 mi" is the one the radius let in.

type Point = { latitude: Prisma.Sql; longitude: Prisma.Sql };

/**
 * milesBetween in SQL: geolib's getDistance (the spherical law of cosines on a sphere of 6,378,137 m, to the metre),
 * then miles to a tenth. geo.sql.db.test.ts checks the two agree on random points.
 */
export function milesSql(from: Point, to: Point): Prisma.Sql {
  const cosine = Prisma.sql`sin(radians(${to.latitude})) * sin(radians(${from.latitude}))
    + cos(radians(${to.latitude})) * cos(radians(${from.latitude})) * cos(radians(${from.longitude} - ${to.longitude}))`;
  return Prisma.sql`(round(round(acos(greatest(-1.0, least(1.0, ${cosine}))) * 6378137) / 1609.344 * 10) / 10)`;
}

/** A degree of latitude is at least 68.7 miles anywhere; a longitude degree that times the latitude's cosine. */
const MILES_PER_DEGREE = Prisma.raw('68.7::float8');

/**
 * Every (user, store) where the store is a retail store within the user's alert radius (alert_settings.radius_miles)
 * of the user's place (hunter_places), with its board and miles: columns user_id, board_id, store_id, miles. A box
 * around the place comes first, so the exact distance is worked out only for the few stores inside it.
 */
export function storesWithinRadiusSql(): Prisma.Sql {
  const place = { latitude: Prisma.sql`hp.latitude`, longitude: Prisma.sql`hp.longitude` };
  const store = { latitude: Prisma.sql`st.latitude`, longitude: Prisma.sql`st.longitude` };
  return Prisma.sql`
    SELECT s.user_id, st.board_id, st.id AS store_id, ${milesSql(place, store)} AS miles
      FROM alert_settings s
      JOIN hunter_places hp ON hp.user_id = s.user_id
      JOIN stores st ON NOT st.mixed_beverage AND st.latitude IS NOT NULL
       AND st.latitude BETWEEN hp.latitude - s.radius_miles / ${MILES_PER_DEGREE} AND hp.latitude + s.radius_miles / ${MILES_PER_DEGREE}
       AND abs(st.longitude - hp.longitude) <= s.radius_miles / (${MILES_PER_DEGREE} * cos(radians(abs(hp.latitude) + s.radius_miles / ${MILES_PER_DEGREE})))
     WHERE s.radius_miles IS NOT NULL
       AND ${milesSql(place, store)} <= s.radius_miles`;
}
