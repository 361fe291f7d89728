import type { MouseEvent, PointerEvent, Ref } from 'react';
import { projectPoint } from '@/lib/places/rules';
import type { MapStore, NcMapShapes } from '@/lib/places/types';
import { POINT_LABELS, type MapBoardShade, type MapPoint } from './map-parts';

// The county map's drawing, without state: the server draws it into the page's HTML (server-map.tsx), so a phone
// shows the map with its first paint, and the interactive map (nc-map.tsx) draws the same figure once its code has
// loaded, with zoom and drag. No hooks here: both kinds of component render it.

export interface PlacedPoint extends MapPoint {
  x: number;
  y: number;
}

/** What is drawn: the points placed on the map, the shaded counties (FIPS → what is shipped there), the hunter. */
export interface MapLayers {
  placed: PlacedPoint[];
  shaded: Map<string, string[]>;
  youAt: { x: number; y: number } | null;
}

export function mapLayers(
  shapes: NcMapShapes,
  stores: MapStore[],
  points: MapPoint[],
  boards: MapBoardShade[],
  you: { latitude: number; longitude: number } | null,
): MapLayers {
  const byId = new Map(stores.map((s) => [s.store_id, s]));
  const shaded = new Map<string, string[]>();
  for (const b of boards) {
    for (const s of stores) {
      if (s.board_id !== b.boardId || !s.fips) continue;
      const labels = shaded.get(s.fips) ?? [];
      if (!labels.includes(b.label)) shaded.set(s.fips, [...labels, b.label]);
    }
  }
  const placed = points.flatMap((p) => {
    const store = byId.get(p.storeId);
    return store ? [{ ...p, ...projectPoint(shapes.projection, store) }] : [];
  });
  return { placed, shaded, youAt: you && projectPoint(shapes.projection, you) };
}

/** The zoom buttons' actions; without them (the server's drawing) the buttons wait, disabled, for the map's code. */
export interface MapZoomControls {
  canZoomIn: boolean;
  canZoomOut: boolean;
  zoomIn: () => void;
  zoomOut: () => void;
  whole: () => void;
}

export interface MapFigureProps {
  title: string;
  titleId: string;
  shapes: NcMapShapes;
  layers: MapLayers;
  /** The part of the map in view, in map units. */
  view: { x: number; y: number; width: number; height: number };
  /** Map units per screen pixel: points keep their size on screen at every zoom. */
  unit: number;
  emptyText?: string;
  zoom?: MapZoomControls;
  movable?: boolean;
  svgRef?: Ref<SVGSVGElement>;
  pointer?: {
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => void;
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => void;
    onPointerUp: () => void;
  };
  /** Opens a store in the app (a plain link without it). */
  open?: (storeId: number) => (e: MouseEvent) => void;
}

export function MapFigure({ title, titleId, shapes, layers, view, unit, emptyText, zoom, movable, svgRef, pointer, open }: MapFigureProps) {
  const { placed, shaded, youAt } = layers;
  const kinds = (['stock', 'shipped', 'forecast'] as const).filter((k) => placed.some((p) => p.kind === k));
  return (
    <figure className="nc-map" data-testid="nc-map" aria-labelledby={titleId}>
      <div className="nc-map-head">
        <h3 id={titleId} className="nc-map-title">
          {title}
        </h3>
        <div className="nc-map-zoom" role="group" aria-label="Zoom the map">
          <button type="button" className="btn btn-secondary btn-sm" onClick={zoom?.zoomIn} disabled={!zoom?.canZoomIn} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={zoom?.zoomOut} disabled={!zoom?.canZoomOut} aria-label="Zoom out">
            −
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={zoom?.whole} disabled={!zoom?.canZoomOut}>
            Whole state
          </button>
        </div>
      </div>
      <div className="nc-map-frame">
        <svg
          ref={svgRef}
          viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
          className={movable ? 'nc-map-svg movable' : 'nc-map-svg'}
          role="group"
          aria-label={`${title}: ${placed.length} ${placed.length === 1 ? 'store' : 'stores'}${shaded.size ? `, ${shaded.size} counties shaded` : ''}`}
          onPointerDown={pointer?.onPointerDown}
          onPointerMove={pointer?.onPointerMove}
          onPointerUp={pointer?.onPointerUp}
          onPointerCancel={pointer?.onPointerUp}
        >
          <g className="nc-map-counties" aria-hidden="true">
            {shapes.counties.map((c) => {
              const shade = shaded.get(c.fips);
              return (
                <path key={c.fips} d={c.d} className={shade ? 'county county-shaded' : 'county'} data-fips={c.fips}>
                  <title>{shade ? `${c.name} County: ${shade.join('; ')}` : `${c.name} County`}</title>
                </path>
              );
            })}
          </g>
          <path d={shapes.outline} className="nc-map-outline" aria-hidden="true" />
          {placed.map((p) => (
            <a key={`${p.kind}-${p.storeId}`} href={`/stores/${p.storeId}`} onClick={open?.(p.storeId)} aria-label={`${p.label} (${POINT_LABELS[p.kind]})`} data-testid="map-point" data-kind={p.kind}>
              <title>{`${p.label} (${POINT_LABELS[p.kind]})`}</title>
              <circle cx={p.x} cy={p.y} r={14 * unit} className="nc-map-hit" />
              <circle cx={p.x} cy={p.y} r={5.5 * unit} className={`nc-map-point point-${p.kind}`} strokeWidth={1.5 * unit} />
            </a>
          ))}
          {youAt && (
            <g className="nc-map-you" data-testid="map-you" aria-label="Your place" role="img">
              <circle cx={youAt.x} cy={youAt.y} r={7 * unit} strokeWidth={2.5 * unit} />
              <circle cx={youAt.x} cy={youAt.y} r={2 * unit} className="nc-map-you-dot" />
            </g>
          )}
        </svg>
      </div>
      <figcaption className="nc-map-legend small">
        {kinds.map((k) => (
          <span key={k} className="nc-map-key">
            <span className={`nc-map-swatch point-${k}`} aria-hidden="true" /> {POINT_LABELS[k]}
          </span>
        ))}
        {shaded.size > 0 && (
          <span className="nc-map-key">
            <span className="nc-map-swatch county-shaded" aria-hidden="true" /> Shipped to the board; the state does not say which store
          </span>
        )}
        {youAt && (
          <span className="nc-map-key">
            <span className="nc-map-swatch you" aria-hidden="true" /> Your place
          </span>
        )}
        {!placed.length && !shaded.size && emptyText && <span className="muted">{emptyText}</span>}
      </figcaption>
    </figure>
  );
}
