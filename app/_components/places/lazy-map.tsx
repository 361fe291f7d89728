'use client';

import dynamic from 'next/dynamic';
import { preload } from 'react-dom';
import { SHAPES_URL, STORES_URL, type MapBoardShade, type MapPoint } from './map-parts';

// The county map, loaded after the screen's own data: its code stays out of the screen's first-load JavaScript
// (each report screen's 150 KB budget), while the shapes and the stores' points are asked for in the server's HTML
// so they arrive with the page (a phone on slow 4G: npm run bench:phone).

const DrawnLater = dynamic(() => import('./nc-map').then((m) => m.NcMap), {
  ssr: false,
  loading: () => <div className="nc-map-frame skeleton" aria-busy="true" aria-label="Loading the map…" />,
});

export function LazyNcMap(props: { title: string; points: MapPoint[]; boards?: MapBoardShade[]; emptyText?: string }) {
  preload(SHAPES_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  preload(STORES_URL, { as: 'fetch', crossOrigin: 'anonymous' });
  return <DrawnLater {...props} />;
}
