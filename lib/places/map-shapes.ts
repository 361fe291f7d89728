import { geoBounds, geoContains, geoMercator, geoPath } from 'd3-geo';
import { feature, merge, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import counties from 'us-atlas/counties-10m.json' with { type: 'json' };
import type { MapProjection, NcMapShapes } from './types.ts';

// North Carolina's 100 counties as an SVG map (issue 39): the Census Bureau's county shapes from `us-atlas`
// (FIPS 37xxx), projected once with d3-geo's Mercator fitted to the state, written as SVG paths to a tenth of a unit.
// No tile server: npm run make-map writes them to public/maps/nc-counties.json, which the service worker keeps
// with the app's other files, so the map draws offline and in the installed app. Points are projected with the
// same projection's numbers (lib/places/rules.ts projectPoint), so no screen needs d3.

/** The map's own units: the SVG viewBox is 0 0 MAP_WIDTH MAP_HEIGHT. */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 400;
const MARGIN = 8;

const NC_FIPS = '37';

type CountyProperties = { name: string };

/** us-atlas' county topology and North Carolina's counties in it. */
function ncTopology() {
  const topology = counties as unknown as Topology<{ counties: GeometryCollection<CountyProperties> }>;
  const geometries = topology.objects.counties.geometries.filter((g) => String(g.id).startsWith(NC_FIPS));
  return { topology, geometries };
}

/** North Carolina's counties as GeoJSON, by FIPS code ("37183": Wake). */
export function ncCounties(): FeatureCollection<Geometry, CountyProperties> {
  const { topology, geometries } = ncTopology();
  return feature(topology, { type: 'GeometryCollection', geometries }) as FeatureCollection<Geometry, CountyProperties>;
}

function ncOutline(): Geometry {
  const { topology, geometries } = ncTopology();
  return merge(topology, geometries as Parameters<typeof merge>[1]);
}

/** The projection fitted to the state, and its numbers (for projectPoint). */
export function ncProjection(collection = ncCounties()) {
  const projection = geoMercator().fitExtent(
    [
      [MARGIN, MARGIN],
      [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
    ],
    collection,
  );
  const [x, y] = projection.translate();
  const numbers: MapProjection = { scale: projection.scale(), translate: [x, y] };
  return { projection, numbers };
}

/** What public/maps/nc-counties.json holds: the state's outline and its counties as SVG paths, and the projection. */
export function ncMapShapes(): NcMapShapes {
  const collection = ncCounties();
  const { projection, numbers } = ncProjection(collection);
  const path = geoPath(projection).digits(1);
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    projection: numbers,
    outline: path(ncOutline()) ?? '',
    counties: collection.features
      .map((f: Feature<Geometry, CountyProperties>) => ({ fips: String(f.id), name: f.properties.name, d: path(f) ?? '' }))
      .sort((a, b) => a.fips.localeCompare(b.fips)),
  };
}

/**
 * The lines between counties as one SVG path, each drawn once: the map the server draws into a page's HTML draws
 * these instead of 100 county shapes, half the bytes (the page carries its drawing twice, as HTML and as React's
 * payload) and far less for a phone to lay out. The interactive map draws each county, for shading and hover names.
 */
export function ncBorders(): string {
  const { topology, geometries } = ncTopology();
  const { projection } = ncProjection();
  const inner = mesh(topology, { type: 'GeometryCollection', geometries }, (a, b) => a !== b);
  return geoPath(projection).digits(1)(inner) ?? '';
}

/** Finds the county (FIPS) a point lies in, or null (offshore, or outside the state). */
export type CountyFinder = (point: { latitude: number; longitude: number }) => string | null;

/**
 * A CountyFinder over `collection`: each county's bounding box is checked first, so the exact test (d3's
 * geoContains, a few milliseconds a county) runs on the two or three whose box holds the point.
 */
export function countyFinder(collection: FeatureCollection<Geometry, CountyProperties> = ncCounties()): CountyFinder {
  const boxed = collection.features.map((f) => ({ f, bounds: geoBounds(f) }));
  return (point) => {
    for (const { f, bounds } of boxed) {
      const [[west, south], [east, north]] = bounds;
      if (point.longitude < west || point.longitude > east || point.latitude < south || point.latitude > north) continue;
      if (geoContains(f, [point.longitude, point.latitude])) return String(f.id);
    }
    return null;
  };
}
