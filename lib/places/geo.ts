import { getDistance } from 'geolib';

// Places without a network (issue 39): points kept coarse, distances as the crow flies, and where North Carolina is.
// ZIP codes and cities as points: lib/places/zips.ts.

export interface Point {
  latitude: number;
  longitude: number;
}

/** A point no finer than about a kilometre: two decimals of a degree (1.1 km north–south, 0.9 km east–west here). */
export function coarse(point: Point): Point {
  const round = (x: number) => Math.round(x * 100) / 100;
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

const METRES_PER_MILE = 1609.344;

/** Miles between two points as the crow flies, to a tenth. */
export function milesBetween(a: Point, b: Point): number {
  return Math.round((getDistance(a, b, 1) / METRES_PER_MILE) * 10) / 10;
}

/** Roughly North Carolina, with a margin: a point outside is not an NC store's (a locator row gone wrong). */
export function inNorthCarolina(p: Point): boolean {
  return p.latitude >= 33.7 && p.latitude <= 36.7 && p.longitude >= -84.4 && p.longitude <= -75.3;
}
