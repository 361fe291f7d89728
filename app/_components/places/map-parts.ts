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
  /** What a screen reader hears and a hover shows: "Cary Parkway, Wake County: 6 bottles". */
  label: string;
}

/** A board whose shipments name no store: its stores' counties are shaded. */
export interface MapBoardShade {
  boardId: number;
  label: string;
}

export const ZOOMS = [1, 2, 4, 8] as const;

export const SHAPES_URL = '/maps/nc-counties.json';
export const STORES_URL = '/api/stores/places';
