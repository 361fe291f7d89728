'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { MapStore, MapStores, NcMapShapes } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource, type Loaded } from '../data/use-resource';
import type { Distances } from './distance-index';
import { MapFigure, mapLayers } from './map-figure';
import { SHAPES_URL, STORES_URL, ZOOMS, type MapBoardShade, type MapPoint } from './map-parts';

// North Carolina's counties as an SVG map (issue 39): stores as points coloured by what the screen shows, counties of
// boards whose shipments name no store shaded, the hunter's place marked. The shapes are a static file
// (public/maps/nc-counties.json, npm run make-map) the service worker keeps, so the map draws offline; the stores'
// points come from GET /api/stores/places. Zoom with the buttons or a pinch, drag to move; every point is a link a
// keyboard reaches, and a list beside the map says the same facts (map-figure.tsx).

async function loadShapes(signal: AbortSignal): Promise<Loaded<NcMapShapes>> {
  const res = await fetch(SHAPES_URL, { signal });
  if (!res.ok) return { ok: false, error: 'Could not load the map.' };
  return { ok: true, data: (await res.json()) as NcMapShapes };
}

export function NcMap({
  title,
  points,
  boards = [],
  emptyText,
  distances,
  fallback,
}: {
  title: string;
  points: MapPoint[];
  boards?: MapBoardShade[];
  emptyText?: string;
  /** The hunter's distances (the screen's own): the hunter is marked, and the list says each store's miles; undefined while they load. */
  distances: Distances | null | undefined;
  /** Shown until the shapes and the stores are in: the map the server drew, when it drew one. */
  fallback?: ReactNode;
}) {
  const shapes = useResource('nc-map-shapes', loadShapes, 'Could not load the map.');
  const stores = useResource('stores-places', (signal) => getJson<MapStores>(STORES_URL, 'Could not load the stores’ places.', signal));
  if (shapes.state.status === 'error' || stores.state.status === 'error') {
    return <p className="muted small" data-testid="nc-map-failed">The map could not be drawn just now; the list below says the same.</p>;
  }
  // Until the distances are in too: the list would otherwise lose its miles and order, then get them back.
  if (shapes.state.status !== 'ready' || stores.state.status !== 'ready' || distances === undefined) {
    return fallback ?? <div className="nc-map-frame skeleton" aria-busy="true" aria-label="Loading the map…" />;
  }
  return <DrawnMap title={title} shapes={shapes.state.data} stores={stores.state.data.stores} points={points} boards={boards} distances={distances} emptyText={emptyText} />;
}

function DrawnMap({
  title,
  shapes,
  stores,
  points,
  boards,
  distances,
  emptyText,
}: {
  title: string;
  shapes: NcMapShapes;
  stores: MapStore[];
  points: MapPoint[];
  boards: MapBoardShade[];
  distances: Distances | null;
  emptyText?: string;
}) {
  const router = useRouter();
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const { width, height } = shapes;
  const you = distances?.at ?? null;
  const layers = useMemo(() => mapLayers(shapes, stores, points, boards, you), [shapes, stores, points, boards, you]);
  const [highlight, setHighlight] = useState<number | null>(null);
  const { placed, youAt } = layers;

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
  const zoomTo = (next: number, fingersAt?: { x: number; y: number }) => {
    const z = Math.max(0, Math.min(ZOOMS.length - 1, next));
    // A pinch keeps the point between the fingers where it is on screen; the buttons' first zoom goes to the hunter's
    // place, or the first point.
    if (fingersAt && z > 0) setCentre({ x: fingersAt.x + ((at.x - fingersAt.x) * ZOOMS[zoom]) / ZOOMS[z], y: fingersAt.y + ((at.y - fingersAt.y) * ZOOMS[zoom]) / ZOOMS[z] });
    else if (zoom === 0 && z > 0) setCentre(youAt ?? placed[0] ?? centre);
    if (z === 0) setCentre({ x: width / 2, y: height / 2 });
    setZoom(z);
  };

  // One finger (or a mouse) drags the view once zoomed; two fingers pinch a zoom step at a time, towards their middle;
  // a tap on a point still opens its store.
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number }; moved: boolean } | null>(null);
  const pinch = useRef<{ spread: number; zoom: number } | null>(null);
  const spreadOf = () => {
    const [a, b] = [...fingers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const pointer = {
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
      fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (fingers.current.size === 2) {
        pinch.current = { spread: spreadOf(), zoom };
        drag.current = drag.current && { ...drag.current, moved: true }; // a pinch is no tap
        return;
      }
      if (zoom === 0 || fingers.current.size > 2) return;
      drag.current = { x: e.clientX, y: e.clientY, from: at, moved: false };
    },
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => {
      if (!fingers.current.has(e.pointerId)) return;
      fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const p = pinch.current;
      if (p && fingers.current.size === 2) {
        // Each doubling of the fingers' spread is one zoom step in, each halving one out.
        const spread = spreadOf();
        const wanted = p.zoom + Math.round(Math.log2(Math.max(1, spread) / Math.max(1, p.spread)));
        const next = Math.max(0, Math.min(ZOOMS.length - 1, wanted));
        // Past the last step, the pinch starts again from here: turning back zooms at once.
        if (next !== wanted) pinch.current = { spread, zoom: next };
        if (next !== zoom) {
          const [a, b] = [...fingers.current.values()];
          const box = svg.current?.getBoundingClientRect();
          const middle = box && { x: at.x - viewW / 2 + ((a.x + b.x) / 2 - box.left) * unit, y: at.y - viewH / 2 + ((a.y + b.y) / 2 - box.top) * unit };
          zoomTo(next, middle);
        }
        return;
      }
      const d = drag.current;
      if (!d || fingers.current.size > 1) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      // A drag (not a tap: a tap on a point must reach it) follows the pointer beyond the map's edge.
      if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId);
      d.moved = true;
      setCentre(clamp({ x: d.from.x - dx * unit, y: d.from.y - dy * unit }));
    },
    onPointerEnd: (e: PointerEvent<SVGSVGElement>) => {
      fingers.current.delete(e.pointerId);
      if (fingers.current.size < 2) pinch.current = null;
      setTimeout(() => (drag.current = null), 0);
    },
  };

  const open = (storeId: number) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return; // a new tab or window: the browser's
    e.preventDefault();
    if (drag.current?.moved) return;
    router.push(`/stores/${storeId}`);
  };

  return (
    <MapFigure
      title={title}
      titleId={`${id}-title`}
      shapes={shapes}
      layers={layers}
      view={{ x: at.x - viewW / 2, y: at.y - viewH / 2, width: viewW, height: viewH }}
      unit={unit}
      emptyText={emptyText}
      zoom={{ canZoomIn: zoom < ZOOMS.length - 1, canZoomOut: zoom > 0, zoomIn: () => zoomTo(zoom + 1), zoomOut: () => zoomTo(zoom - 1), whole: () => zoomTo(0) }}
      movable={zoom > 0}
      svgRef={svg}
      pointer={pointer}
      open={open}
      distances={distances}
      highlight={highlight}
      onHighlight={setHighlight}
    />
  );
}
