import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { getSessionUser } from '@/lib/auth/session';
import { ncBorders, ncMapShapes } from '@/lib/places/map-shapes';
import { mapStores, nearbyStores } from '@/lib/places/nearby';
import type { NcMapShapes, NearbyStores } from '@/lib/places/types';
import { distancesFrom } from './distance-index';
import { MapFigure, mapLayers } from './map-figure';
import type { MapBoardShade, MapPoint } from './map-parts';

// The county map drawn on the server, into the page's HTML: a phone shows it with the first paint, before any of
// the map's code has loaded (the interactive map, LazyNcMap, takes its place then). The shapes are the ones
// public/maps/nc-counties.json holds (lib/places/map-shapes.test.ts keeps the two equal), made once per server.

let shapes: NcMapShapes | undefined;
let borders: string | undefined;

/**
 * Map units per screen pixel, as the interactive map measures it from the drawing's width: the server cannot
 * measure, so it takes a phone's (a 390-pixel screen's card) or a desktop's (the map beside its list: about 700
 * pixels at 1280, 490 at 900), so the points come out near the size the interactive map gives them.
 */
const PHONE_UNIT = 2.8;
const DESKTOP_UNIT = 1.45;

/** What the map reads besides the screen's points: every placed store, and the hunter's distances; kept for the request. */
const serverMapReads = cache(async () => {
  const user = await getSessionUser();
  return Promise.all([mapStores(), user ? nearbyStores(user.id) : null]);
});

/**
 * Begins the map's reads, so a page starts them before its own data and the two go at once. A failure is the map's
 * to show where it is drawn (or nobody's, when the page draws none): never an unhandled rejection here.
 */
export function preloadServerMap(): void {
  serverMapReads().catch(() => undefined);
}

export async function ServerNcMap({ title, points, boards = [], emptyText }: { title: string; points: MapPoint[]; boards?: MapBoardShade[]; emptyText?: string }) {
  shapes ??= ncMapShapes();
  borders ??= ncBorders();
  const phone = /Mobi/.test((await headers()).get('user-agent') ?? '');
  const [stores, nearby] = await serverMapReads();
  // The same distances the screen reads from GET /api/stores/nearby, so the list does not change when the
  // interactive map takes over.
  const distances = nearby ? distancesFrom(JSON.parse(nearby) as NearbyStores) : null;
  const layers = mapLayers(shapes, stores, points, boards, distances?.at ?? null);
  return (
    <MapFigure
      title={title}
      titleId="server-map-title"
      // The land, the lines between counties and the shaded counties only: the same picture in half the bytes.
      shapes={{ ...shapes, counties: shapes.counties.filter((c) => layers.shaded.has(c.fips)) }}
      borders={borders}
      layers={layers}
      view={{ x: 0, y: 0, width: shapes.width, height: shapes.height }}
      unit={phone ? PHONE_UNIT : DESKTOP_UNIT}
      emptyText={emptyText}
      distances={distances}
    />
  );
}
