import 'server-only';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { coarse, inNorthCarolina, type Point } from './geo.ts';
import { zipElsewhere, zipPoint } from './zips.ts';
import type { HunterPlace } from './types.ts';

// A hunter's place (issue 39): a ZIP code's centre, or the browser's location when the hunter taps "Use my
// location", kept no finer than about a kilometre (two decimals), shown to nobody else, removable. Distances and
// radius alerts start from it.

export const UNKNOWN_ZIP = 'That ZIP code is not one we know. Check it, or use your location instead.';
export const OUTSIDE_NC = 'That place is not in or near North Carolina. Use a North Carolina ZIP code.';

const toPlace = (row: { source: 'zip' | 'device'; zip: string | null; latitude: number; longitude: number; updatedAt: Date }): HunterPlace => ({
  source: row.source,
  zip: row.zip,
  latitude: row.latitude,
  longitude: row.longitude,
  updated_at: row.updatedAt.toISOString(),
});

export async function hunterPlace(userId: number): Promise<HunterPlace | null> {
  const row = await db.hunterPlace.findUnique({ where: { userId } });
  return row ? toPlace(row) : null;
}

/** Keeps the hunter's place: a ZIP code's centre, or the browser's point rounded to about a kilometre. */
export async function setHunterPlace(userId: number, input: { zip: string } | Point): Promise<HunterPlace> {
  const byZip = 'zip' in input;
  const found = byZip ? zipPoint(input.zip) : input;
  // The table holds the points of ZIP codes in or near the state only: any other real code is too far.
  if (!found) throw new ApiError('bad_request', byZip && zipElsewhere(input.zip) ? OUTSIDE_NC : UNKNOWN_ZIP);
  // A margin around the state: a hunter in Danville or Myrtle Beach drives in too.
  const point = coarse(found);
  if (!inNorthCarolina({ latitude: point.latitude, longitude: point.longitude })) throw new ApiError('bad_request', OUTSIDE_NC);
  const data = { source: byZip ? ('zip' as const) : ('device' as const), zip: byZip ? input.zip : null, ...point, updatedAt: new Date() };
  const row = await db.hunterPlace.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return toPlace(row);
}

export async function removeHunterPlace(userId: number): Promise<void> {
  await db.hunterPlace.deleteMany({ where: { userId } });
}
