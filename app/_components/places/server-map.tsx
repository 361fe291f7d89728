import 'server-only';
import { headers } from 'next/headers';
import { getSessionUser } from '@/lib/auth/session';
import { hunterPlace } from '@/lib/places/hunter';
import { ncMapShapes } from '@/lib/places/map-shapes';
import { mapStores } from '@/lib/places/nearby';
import type { NcMapShapes } from '@/lib/places/types';
import { MapFigure, mapLayers } from './map-figure';
import type { MapBoardShade, MapPoint } from './map-parts';

// The county map drawn on the server, into the page's HTML: a phone shows it with the first paint, before any of
// the map's code has loaded (the interactive map, LazyNcMap, takes its place then). The shapes are the ones
// public/maps/nc-counties.json holds (lib/places/map-shapes.test.ts keeps the two equal), made once per server.

let shapes: NcMapShapes | undefined;

/**
 * Map units per screen pixel, as the interactive map measures it from the drawing's width: the server cannot
 * measure, so it takes a phone's (a 390-pixel screen's card) or a desktop column's, so the points come out the size
 * the interactive map gives them.
 */
const PHONE_UNIT = 2.8;
const DESKTOP_UNIT = 1.25;

export async function ServerNcMap({ title, points, boards = [], emptyText }: { title: string; points: MapPoint[]; boards?: MapBoardShade[]; emptyText?: string }) {
  shapes ??= ncMapShapes();
  const phone = /Mobi/.test((await headers()).get('user-agent') ?? '');
  const user = await getSessionUser();
  const [stores, place] = await Promise.all([mapStores(), user ? hunterPlace(user.id) : null]);
  const layers = mapLayers(shapes, stores, points, boards, place);
  return (
    <MapFigure
      title={title}
      titleId="server-map-title"
      shapes={shapes}
      layers={layers}
      view={{ x: 0, y: 0, width: shapes.width, height: shapes.height }}
      unit={phone ? PHONE_UNIT : DESKTOP_UNIT}
      emptyText={emptyText}
    />
  );
}
