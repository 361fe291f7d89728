'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import type { Distances } from './distance-index';
import type { NcMap } from './nc-map';
import { SHAPES_URL, STORES_URL, type MapBoardShade, type MapPoint } from './map-parts';

// The county map, whose code loads once the screen is in: it stays out of the screen's first-load JavaScript (each
// report screen's 150 KB budget). Meanwhile the screen shows `fallback`, the same map drawn by the server into the
// HTML (server-map.tsx) where the screen has one, so a phone on slow 4G sees it with the first paint (npm run
// bench:phone); the shapes and the stores' points are asked for in the HTML too, so the interactive map follows soon.

export function LazyNcMap({
  fallback,
  ...props
}: {
  title: string;
  points: MapPoint[];
  boards?: MapBoardShade[];
  emptyText?: string;
  /** The hunter's distances; undefined while they load. */
  distances: Distances | null | undefined;
  fallback?: ReactNode;
}) {
  preload(SHAPES_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  preload(STORES_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  const [Drawn, setDrawn] = useState<typeof NcMap | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    // After the page's own load: the map's code never competes with the screen's first-load JavaScript (its budget
    // counts what loads before the load event), and the server's drawing is on screen meanwhile.
    const load = () =>
      import('./nc-map').then(
        (m) => live && setDrawn(() => m.NcMap),
        // Offline with the code never saved: the server's drawing stays, without zoom.
        () => live && setDrawn('failed'),
      );
    if (document.readyState === 'complete') void load();
    else window.addEventListener('load', () => void load(), { once: true });
    return () => {
      live = false;
    };
  }, []);
  if (Drawn === 'failed') return fallback ?? <p className="muted small" data-testid="nc-map-failed">The map could not be drawn just now; the list below says the same.</p>;
  if (Drawn) return <Drawn {...props} fallback={fallback} />;
  return fallback ?? <div className="nc-map-frame skeleton" aria-busy="true" aria-label="Loading the map…" />;
}
