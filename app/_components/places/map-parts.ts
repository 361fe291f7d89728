// The county map's parts every screen shares without loading the map itself (app/_components/places/nc-map.tsx):
// what a point is, the zoom levels, and where the shapes and the stores' points are read from.

/** What a point says: in stock (on a shelf now), shipped (to a one-store board's store), forecast to get it. */
export type MapPointKind = 'stock' | 'shipped' | 'forecast';

export const POINT_LABELS: Record<MapPointKind, string> = {
  stock: 'On the shelf',
  shipped: 'Shipped to its store',
  forecast: 'Forecast to get it',
};

export interface MapPoint {
  storeId: number;
  kind: MapPointKind;
  /** The store's name: "Cary Parkway". */
  store: string;
  /** Its board: "Wake County". */
  board: string;
  /** What the screen says of it there: "6 bottles". */
  what: string;
}

/** What a screen reader hears and a hover shows: "Cary Parkway, Wake County: 6 bottles (On the shelf)". */
export function pointLabel(p: MapPoint): string {
  return `${p.store}, ${p.board}: ${p.what} (${POINT_LABELS[p.kind]})`;
}

/** A board whose shipments name no store: its stores' counties are shaded. */
export interface MapBoardShade {
  boardId: number;
  /** "Mecklenburg County" */
  board: string;
  /** What was shipped to it: "12 bottles shipped, latest 11/21/2026". */
  what: string;
}

/** What a shaded county's hover says of one board: "Mecklenburg County: 12 bottles shipped, latest 11/21/2026". */
export function shadeLabel(b: MapBoardShade): string {
  return `${b.board}: ${b.what}`;
}

export const ZOOMS = [1, 2, 4, 8] as const;

export const SHAPES_URL = '/maps/nc-counties.json';
export const STORES_URL = '/api/stores/places';
