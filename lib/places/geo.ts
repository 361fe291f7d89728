import { getDistance } from 'geolib';
import zipcodes from 'zipcodes';

// Places without a network (issue 39): a ZIP code's centre from the `zipcodes` package's offline table, a city's
// as its first ZIP's when a ZIP is unknown (a typo in a locator row), and distances as the crow flies.

export interface Point {
  latitude: number;
  longitude: number;
}

/** A ZIP code's centre, or null when the table does not know it. */
export function zipPoint(zip: string | null | undefined): Point | null {
  const found = zip ? zipcodes.lookup(zip.slice(0, 5)) : undefined;
  return found ? { latitude: found.latitude, longitude: found.longitude } : null;
}

/** A North Carolina city's centre (its first ZIP code in the table), or null. */
export function ncCityPoint(city: string | null | undefined): Point | null {
  const found = city ? zipcodes.lookupByName(city.trim(), 'NC') : [];
  return found.length ? { latitude: found[0].latitude, longitude: found[0].longitude } : null;
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
