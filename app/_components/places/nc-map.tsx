'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { projectPoint } from '@/lib/places/rules';
import type { MapStore, MapStores, NcMapShapes } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource, type Loaded } from '../data/use-resource';
import { useHunterPlace } from './hunter-place';
import { POINT_LABELS, SHAPES_URL, STORES_URL, ZOOMS, type MapBoardShade, type MapPoint } from './map-parts';

// North Carolina's counties as an SVG map (issue 39): stores as points coloured by what the screen shows, counties of
// boards whose shipments name no store shaded, the hunter's place marked. The shapes are a static file
// (public/maps/nc-counties.json, npm run make-map) the service worker keeps, so the map draws offline; the stores'
// points come from GET /api/stores/places. Zoom with the buttons, drag to move; every point is a link a keyboard
// reaches, and the screen lists the same facts beside the map.

async function loadShapes(signal: AbortSignal): Promise<Loaded<NcMapShapes>> {
  const res = await fetch(SHAPES_URL, { signal });
  if (!res.ok) return { ok: false, error: 'Could not load the map.' };
  return { ok: true, data: (await res.json()) as NcMapShapes };
}

export function NcMap({ title, points, boards = [], emptyText }: { title: string; points: MapPoint[]; boards?: MapBoardShade[]; emptyText?: string }) {
  const shapes = useResource('nc-map-shapes', loadShapes, 'Could not load the map.');
  const stores = useResource('stores-places', (signal) => getJson<MapStores>(STORES_URL, 'Could not load the stores’ places.', signal));
  const place = useHunterPlace('Could not load your place.');
  if (shapes.state.status === 'error' || stores.state.status === 'error') {
    return <p className="muted small" data-testid="nc-map-failed">The map could not be drawn just now; the list below says the same.</p>;
  }
  if (shapes.state.status !== 'ready' || stores.state.status !== 'ready') {
    return <div className="nc-map-frame skeleton" aria-busy="true" aria-label="Loading the map…" />;
  }
  const you = place.state.status === 'ready' ? place.state.data.place : null;
  return <DrawnMap title={title} shapes={shapes.state.data} stores={stores.state.data.stores} points={points} boards={boards} you={you} emptyText={emptyText} />;
}

function DrawnMap({
  title,
  shapes,
  stores,
  points,
  boards,
  you,
  emptyText,
}: {
  title: string;
  shapes: NcMapShapes;
  stores: MapStore[];
  points: MapPoint[];
  boards: MapBoardShade[];
  you: { latitude: number; longitude: number } | null;
  emptyText?: string;
}) {
  const router = useRouter();
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const { width, height } = shapes;
  const byId = useMemo(() => new Map(stores.map((s) => [s.store_id, s])), [stores]);
  const shaded = useMemo(() => {
    const counties = new Map<string, string[]>();
    for (const b of boards) {
      for (const s of stores) if (s.board_id === b.boardId && s.fips) counties.set(s.fips, [...(counties.get(s.fips) ?? []), b.label].filter((v, i, a) => a.indexOf(v) === i));
    }
    return counties;
  }, [boards, stores]);
  const placed = points.flatMap((p) => {
    const store = byId.get(p.storeId);
    return store ? [{ ...p, ...projectPoint(shapes.projection, store) }] : [];
  });
  const youAt = you && projectPoint(shapes.projection, you);

  // The view: a zoom level and the point at the middle; the points keep their size on screen at every zoom.
  const [zoom, setZoom] = useState(0);
  const [centre, setCentre] = useState({ x: width / 2, y: height / 2 });
  const [pixels, setPixels] = useState(width);
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setPixels(entry.contentRect.width || width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);
  const scale = ZOOMS[zoom];
  const viewW = width / scale;
  const viewH = height / scale;
  const clamp = (c: { x: number; y: number }) => ({
    x: Math.min(width - viewW / 2, Math.max(viewW / 2, c.x)),
    y: Math.min(height - viewH / 2, Math.max(viewH / 2, c.y)),
  });
  const at = clamp(centre);
  const unit = viewW / Math.max(1, pixels); // map units per screen pixel
  const zoomTo = (next: number) => {
    const z = Math.max(0, Math.min(ZOOMS.length - 1, next));
    // The first zoom goes to the hunter's place, or the first point, where there is one.
    if (zoom === 0 && z > 0) setCentre(youAt ?? placed[0] ?? centre);
    if (z === 0) setCentre({ x: width / 2, y: height / 2 });
    setZoom(z);
  };

  // Dragging moves the view (a finger on a phone, a mouse elsewhere); a tap on a point still opens its store.
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number }; moved: boolean } | null>(null);
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (zoom === 0) return;
    drag.current = { x: e.clientX, y: e.clientY, from: at, moved: false };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    d.moved = true;
    setCentre(clamp({ x: d.from.x - dx * unit, y: d.from.y - dy * unit }));
  };
  const onPointerUp = () => {
    setTimeout(() => (drag.current = null), 0);
  };

  const open = (storeId: number) => (e: MouseEvent) => {
    e.preventDefault();
    if (drag.current?.moved) return;
    router.push(`/stores/${storeId}`);
  };

  const kinds = (['stock', 'shipped', 'forecast'] as const).filter((k) => placed.some((p) => p.kind === k));
  return (
    <figure className="nc-map" data-testid="nc-map" aria-labelledby={`${id}-title`}>
      <div className="nc-map-head">
        <h3 id={`${id}-title`} className="nc-map-title">
          {title}
        </h3>
        <div className="nc-map-zoom" role="group" aria-label="Zoom the map">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => zoomTo(zoom + 1)} disabled={zoom === ZOOMS.length - 1} aria-label="Zoom in">
            +
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => zoomTo(zoom - 1)} disabled={zoom === 0} aria-label="Zoom out">
            −
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => zoomTo(0)} disabled={zoom === 0}>
            Whole state
          </button>
        </div>
      </div>
      <div className="nc-map-frame">
        <svg
          ref={svg}
          viewBox={`${at.x - viewW / 2} ${at.y - viewH / 2} ${viewW} ${viewH}`}
          className={zoom > 0 ? 'nc-map-svg movable' : 'nc-map-svg'}
          role="group"
          aria-label={`${title}: ${placed.length} ${placed.length === 1 ? 'store' : 'stores'}${shaded.size ? `, ${shaded.size} counties shaded` : ''}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
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
            <a key={`${p.kind}-${p.storeId}`} href={`/stores/${p.storeId}`} onClick={open(p.storeId)} aria-label={`${p.label} (${POINT_LABELS[p.kind]})`} data-testid="map-point" data-kind={p.kind}>
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
