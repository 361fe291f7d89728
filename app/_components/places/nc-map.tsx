'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import type { MapStore, MapStores, NcMapShapes } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource, type Loaded } from '../data/use-resource';
import { useHunterPlace } from './hunter-place';
import { MapFigure, mapLayers } from './map-figure';
import { SHAPES_URL, STORES_URL, ZOOMS, type MapBoardShade, type MapPoint } from './map-parts';

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

export function NcMap({
  title,
  points,
  boards = [],
  emptyText,
  fallback,
}: {
  title: string;
  points: MapPoint[];
  boards?: MapBoardShade[];
  emptyText?: string;
  /** Shown until the shapes and the stores are in: the map the server drew, when it drew one. */
  fallback?: ReactNode;
}) {
  const shapes = useResource('nc-map-shapes', loadShapes, 'Could not load the map.');
  const stores = useResource('stores-places', (signal) => getJson<MapStores>(STORES_URL, 'Could not load the stores’ places.', signal));
  const place = useHunterPlace('Could not load your place.');
  if (shapes.state.status === 'error' || stores.state.status === 'error') {
    return <p className="muted small" data-testid="nc-map-failed">The map could not be drawn just now; the list below says the same.</p>;
  }
  if (shapes.state.status !== 'ready' || stores.state.status !== 'ready') {
    return fallback ?? <div className="nc-map-frame skeleton" aria-busy="true" aria-label="Loading the map…" />;
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
  const layers = useMemo(() => mapLayers(shapes, stores, points, boards, you), [shapes, stores, points, boards, you]);
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
  const zoomTo = (next: number) => {
    const z = Math.max(0, Math.min(ZOOMS.length - 1, next));
    // The first zoom goes to the hunter's place, or the first point, where there is one.
    if (zoom === 0 && z > 0) setCentre(youAt ?? placed[0] ?? centre);
    if (z === 0) setCentre({ x: width / 2, y: height / 2 });
    setZoom(z);
  };

  // Dragging moves the view (a finger on a phone, a mouse elsewhere); a tap on a point still opens its store.
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number }; moved: boolean } | null>(null);
  const pointer = {
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
      if (zoom === 0) return;
      drag.current = { x: e.clientX, y: e.clientY, from: at, moved: false };
    },
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => {
      const d = drag.current;
      if (!d) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      d.moved = true;
      setCentre(clamp({ x: d.from.x - dx * unit, y: d.from.y - dy * unit }));
    },
    onPointerUp: () => {
      setTimeout(() => (drag.current = null), 0);
    },
  };

  const open = (storeId: number) => (e: MouseEvent) => {
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
    />
  );
}
