import Link from 'next/link';
import type { MouseEvent, PointerEvent, Ref } from 'react';
import { projectPoint } from '@/lib/places/rules';
import type { MapStore, NcMapShapes } from '@/lib/places/types';
import { byNearest, type Distances } from './distance-index';
import { POINT_LABELS, pointLabel, shadeLabel, type MapBoardShade, type MapPoint } from './map-parts';
import { Miles } from './miles';

// The county map's drawing, without state: the server draws it into the page's HTML (server-map.tsx), so a phone
// shows the map with its first paint, and the interactive map (nc-map.tsx) draws the same figure once its code has
// loaded, with zoom, drag and pinch. No hooks here: both kinds of component render it. Beside the map (below it on
// a phone) a list says the same facts, nearest to the hunter first, for whoever cannot use the map.

export interface PlacedPoint extends MapPoint {
  x: number;
  y: number;
}

/** What is drawn: the points placed on the map, the shaded counties (FIPS → what is shipped there), the hunter. */
export interface MapLayers {
  placed: PlacedPoint[];
  shaded: Map<string, string[]>;
  /** The boards whose counties are shaded, as the list names them. */
  shadedBoards: MapBoardShade[];
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
  const shadedBoards = new Map<number, MapBoardShade>();
  for (const b of boards) {
    for (const s of stores) {
      if (s.board_id !== b.boardId || !s.fips) continue;
      const labels = shaded.get(s.fips) ?? [];
      const label = shadeLabel(b);
      if (!labels.includes(label)) shaded.set(s.fips, [...labels, label]);
      shadedBoards.set(b.boardId, b);
    }
  }
  const placed = points.flatMap((p) => {
    const store = byId.get(p.storeId);
    return store ? [{ ...p, ...projectPoint(shapes.projection, store) }] : [];
  });
  return { placed, shaded, shadedBoards: [...shadedBoards.values()], youAt: you && projectPoint(shapes.projection, you) };
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
  /**
   * The lines between counties as one path: the land and these are drawn, and of `shapes.counties` only those given
   * (the shaded ones); without it every county is drawn as its own shape.
   */
  borders?: string;
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
    /** Up, cancelled, or gone from the map. */
    onPointerEnd: (e: PointerEvent<SVGSVGElement>) => void;
  };
  /** Opens a store in the app (a plain link without it). */
  open?: (storeId: number) => (e: MouseEvent) => void;
  /** The hunter's distances: the list gives each store's miles, nearest first. */
  distances?: Distances | null;
  /** The store whose point and line stand out (its line hovered or focused, or its point hovered), and who is told of it. */
  highlight?: number | null;
  onHighlight?: (storeId: number | null) => void;
}

export function MapFigure({ title, titleId, shapes, borders, layers, view, unit, emptyText, zoom, movable, svgRef, pointer, open, distances, highlight, onHighlight }: MapFigureProps) {
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
          onPointerLeave={pointer?.onPointerEnd}
          onPointerMove={pointer?.onPointerMove}
          onPointerUp={pointer?.onPointerEnd}
          onPointerCancel={pointer?.onPointerEnd}
        >
          {borders !== undefined && <path d={shapes.outline} className="nc-map-land" aria-hidden="true" />}
          <g className="nc-map-counties" aria-hidden="true">
            {shapes.counties.map((c) => {
              const shade = shaded.get(c.fips);
              return (
                <path key={c.fips} d={c.d} className={shade ? 'county county-shaded' : 'county'} data-fips={c.fips}>
                  <title>{shade ? `${c.name} County · ${shade.join('; ')}` : `${c.name} County`}</title>
                </path>
              );
            })}
          </g>
          {borders !== undefined && <path d={borders} className="nc-map-borders" aria-hidden="true" />}
          <path d={shapes.outline} className="nc-map-outline" aria-hidden="true" />
          {placed.map((p) => (
            <a
              key={`${p.kind}-${p.storeId}`}
              href={`/stores/${p.storeId}`}
              onClick={open?.(p.storeId)}
              onMouseEnter={onHighlight && (() => onHighlight(p.storeId))}
              onMouseLeave={onHighlight && (() => onHighlight(null))}
              aria-label={pointLabel(p)}
              data-testid="map-point"
              data-kind={p.kind}
              data-store={p.storeId}
            >
              <title>{pointLabel(p)}</title>
              <circle cx={p.x} cy={p.y} r={14 * unit} className="nc-map-hit" />
              <circle cx={p.x} cy={p.y} r={(highlight === p.storeId ? 8 : 5.5) * unit} className={`nc-map-point point-${p.kind}${highlight === p.storeId ? ' highlighted' : ''}`} strokeWidth={1.5 * unit} />
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
      {/* The key, then the list: the order they show in on a phone (the figure is named by its title). */}
      <div className="nc-map-legend small">
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
      </div>
      <MapList layers={layers} distances={distances ?? null} highlight={highlight} onHighlight={onHighlight} listId={`${titleId}-list`} />
    </figure>
  );
}

/**
 * The map's facts as a list: each store drawn (a link to it, what the screen says of it there, its miles), then the
 * boards whose counties are shaded (with their nearest store's miles); nearest to the hunter first when the hunter has
 * a place, the screen's own order otherwise.
 */
function MapList({
  layers,
  distances,
  highlight,
  onHighlight,
  listId,
}: Pick<MapFigureProps, 'layers' | 'highlight' | 'onHighlight'> & { distances: Distances | null; listId: string }) {
  const { placed, shadedBoards } = layers;
  if (!placed.length && !shadedBoards.length) return null;
  const stores = distances ? byNearest(placed, (p) => distances.of(p.storeId)) : placed;
  const boards = distances ? byNearest(shadedBoards, (b) => distances.nearestOf(b.boardId)) : shadedBoards;
  const counts = [stores.length ? `${stores.length} ${stores.length === 1 ? 'store' : 'stores'}` : '', boards.length ? `${boards.length} ${boards.length === 1 ? 'board' : 'boards'}` : ''].filter(Boolean).join(' and ');
  return (
    <div className="nc-map-list" data-testid="map-list">
      <p className="nc-map-list-head small muted" id={listId}>
        On the map: {counts}
        {distances ? `, nearest to ${distances.from} first` : ''}
      </p>
      {/* It scrolls: focusable, so a keyboard scrolls it even when it holds no link. */}
      <ul className="nc-map-lines" role="list" aria-labelledby={listId} tabIndex={0}>
        {stores.map((p) => (
          <li
            key={`${p.kind}-${p.storeId}`}
            className={highlight === p.storeId ? 'highlighted' : undefined}
            data-testid="map-list-store"
            data-store={p.storeId}
            onMouseEnter={onHighlight && (() => onHighlight(p.storeId))}
            // The pointer leaving a line whose link has the focus leaves it standing out.
            onMouseLeave={onHighlight && ((e) => onHighlight(e.currentTarget.contains(document.activeElement) ? p.storeId : null))}
            onFocus={onHighlight && (() => onHighlight(p.storeId))}
            onBlur={onHighlight && (() => onHighlight(null))}
          >
            <span className={`nc-map-swatch point-${p.kind}`} aria-hidden="true" />
            <span className="nc-map-line">
              <Link href={`/stores/${p.storeId}`}>{p.store}</Link>
              <span className="small muted">
                {POINT_LABELS[p.kind]}, {p.board} · {p.what}
              </span>
            </span>
            <Miles store={distances?.of(p.storeId)} />
          </li>
        ))}
        {boards.map((b) => {
          const nearest = distances?.nearestOf(b.boardId);
          return (
            <li key={`board-${b.boardId}`} data-testid="map-list-board" data-board={b.boardId}>
              <span className="nc-map-swatch county-shaded" aria-hidden="true" />
              <span className="nc-map-line">
                <span>{b.board}</span>
                <span className="small muted">
                  {b.what} · the state does not say which store{nearest ? ` · nearest store ${nearest.nickname}` : ''}
                </span>
              </span>
              <Miles store={nearest} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
