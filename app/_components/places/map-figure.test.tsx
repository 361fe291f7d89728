import { renderToStaticMarkup } from 'react-dom/server';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ncBorders, ncMapShapes } from '@/lib/places/map-shapes';
import type { MapStore, NearbyStore, NearbyStores } from '@/lib/places/types';
import { distancesFrom } from './distance-index';
import { MapFigure, mapLayers } from './map-figure';
import type { MapBoardShade, MapPoint } from './map-parts';

// The map's list says what the map draws (issue 39): every store drawn, once, as a link to it; nearest to the hunter
// first when the hunter has a place, the screen's order otherwise; boards whose counties are shaded after the stores.

const shapes = ncMapShapes();
const WAKE = '37183';

const storeArb = fc.record({
  store_id: fc.integer({ min: 1, max: 400 }),
  board_id: fc.integer({ min: 1, max: 6 }),
  latitude: fc.double({ min: 34, max: 36.5, noNaN: true }),
  longitude: fc.double({ min: -84, max: -76, noNaN: true }),
  miles: fc.double({ min: 0, max: 300, noNaN: true }).map((m) => Math.round(m * 10) / 10),
});

const world = fc.uniqueArray(storeArb, { selector: (s) => s.store_id, minLength: 1, maxLength: 30 }).chain((stores) =>
  fc.record({
    stores: fc.constant(stores),
    drawn: fc.subarray(stores),
    shadedBoards: fc.subarray([1, 2, 3, 4, 5, 6]),
    withPlace: fc.boolean(),
  }),
);

const kinds = ['stock', 'shipped', 'forecast'] as const;

type StoreFacts = { store_id: number; board_id: number; latitude: number; longitude: number; miles: number };
type World = { stores: StoreFacts[]; drawn: StoreFacts[]; shadedBoards: number[]; withPlace: boolean };

function render(w: World) {
  const mapStores: MapStore[] = w.stores.map((s) => ({ store_id: s.store_id, board_id: s.board_id, nickname: `Store ${s.store_id}`, latitude: s.latitude, longitude: s.longitude, approximate: false, fips: WAKE }));
  const points: MapPoint[] = w.drawn.map((s, i) => ({ storeId: s.store_id, kind: kinds[i % 3], store: `Store ${s.store_id}`, board: `Board ${s.board_id}`, what: `${i} bottles` }));
  const boards: MapBoardShade[] = w.shadedBoards.map((b) => ({ boardId: b, board: `Board ${b}`, what: 'shipped' }));
  // GET /api/stores/nearby's answer: nearest first.
  const nearby: NearbyStore[] = [...w.stores]
    .sort((a, b) => a.miles - b.miles || a.store_id - b.store_id)
    .map((s) => ({ store_id: s.store_id, board_id: s.board_id, board_name: `Board ${s.board_id}`, precision: 'shelf', nickname: `Store ${s.store_id}`, address: '', city: '', miles: s.miles, approximate: false }));
  const answer: NearbyStores = { success: true, from: w.withPlace ? { source: 'zip', zip: '27513', latitude: 35.8, longitude: -78.8 } : null, stores: w.withPlace ? nearby : [] };
  const distances = distancesFrom(answer);
  const layers = mapLayers(shapes, mapStores, points, boards, distances?.at ?? null);
  const html = renderToStaticMarkup(
    <MapFigure title="On the map" titleId="t" shapes={shapes} layers={layers} view={{ x: 0, y: 0, width: 1000, height: 400 }} unit={1} distances={distances} />,
  );
  return { html, points, distances, nearby };
}

const attrs = (html: string, testId: string, attr: string) => [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*?${attr}="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('the list beside the map', () => {
  test.prop([world])('lists every store drawn once, nearest first with a place, in the screen’s order without', (w) => {
    const { html, points, distances } = render(w);
    const drawn = attrs(html, 'map-point', 'data-store');
    const listed = attrs(html, 'map-list-store', 'data-store');
    expect(drawn).toEqual(points.map((p) => String(p.storeId)));
    expect([...listed].sort()).toEqual([...drawn].sort());
    if (!distances) {
      expect(listed).toEqual(drawn);
      expect(html).not.toContain('data-testid="miles"');
      return;
    }
    const miles = listed.map((id) => distances.of(Number(id))!.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    if (listed.length) expect(html).toContain('nearest to ZIP code 27513 first');
  });

  test.prop([world])('names each shaded board once, after the stores, nearest first by its nearest store', (w) => {
    const { html, distances } = render(w);
    const shadedWithStores = w.shadedBoards.filter((b) => w.stores.some((s) => s.board_id === b));
    const listed = attrs(html, 'map-list-board', 'data-board').map(Number);
    expect([...listed].sort((a, b) => a - b)).toEqual([...shadedWithStores].sort((a, b) => a - b));
    if (listed.length && html.includes('map-list-store')) expect(html.lastIndexOf('map-list-store')).toBeLessThan(html.indexOf('map-list-board'));
    if (!distances) {
      expect(listed).toEqual(shadedWithStores);
      return;
    }
    const miles = listed.map((b) => distances.nearestOf(b)!.miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    for (const b of listed) expect(html).toContain(`nearest store ${distances.nearestOf(b)!.nickname}<`);
  });

  it('says nothing when the map has nothing on it', () => {
    const { html } = render({ stores: [{ store_id: 1, board_id: 1, latitude: 35.8, longitude: -78.6, miles: 1 }], drawn: [], shadedBoards: [], withPlace: true });
    expect(html).not.toContain('map-list');
  });
});

describe('the map drawn into the HTML', () => {
  it('draws the land and the lines between counties, and of the counties only the shaded ones', () => {
    const layers = mapLayers(shapes, [{ store_id: 1, board_id: 9, nickname: 'Cary', latitude: 35.79, longitude: -78.78, approximate: false, fips: WAKE }], [], [{ boardId: 9, board: 'Wake County', what: '6 bottles shipped' }], null);
    const html = renderToStaticMarkup(
      <MapFigure title="On the map" titleId="t" shapes={{ ...shapes, counties: shapes.counties.filter((c) => layers.shaded.has(c.fips)) }} borders={ncBorders()} layers={layers} view={{ x: 0, y: 0, width: 1000, height: 400 }} unit={1} />,
    );
    expect(html).toContain('class="nc-map-land"');
    expect(html).toContain('class="nc-map-borders"');
    expect([...html.matchAll(/class="county[^"]*"/g)].map((m) => m[0])).toEqual(['class="county county-shaded"']);
    expect(html).toContain('<title>Wake County · Wake County: 6 bottles shipped</title>');
  });
});
