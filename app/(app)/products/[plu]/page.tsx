import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { whereRead } from '@/lib/forecast/reads';
import { preloadServerMap, ServerNcMap } from '../../../_components/places/server-map';
import { WHERE_MAP_EMPTY, WHERE_MAP_TITLE, whereMap } from './where-map';
import { WhereNow } from './where-now';

export const metadata: Metadata = { title: 'Where is it now' };

/** Where the product is now comes in the HTML, with its map drawn (the interactive map takes its place once loaded). */
export default async function ProductPage({ params }: { params: Promise<{ plu: string }> }) {
  const { plu } = await params;
  preloadServerMap(); // at once, beside the product's whereabouts
  const first = await firstAnswer(whereRead, { params: { plu } });
  const map = first && whereMap(first);
  const firstMap = map && <ServerNcMap title={WHERE_MAP_TITLE} points={map.points} boards={map.boards} emptyText={WHERE_MAP_EMPTY} />;
  return <WhereNow plu={plu} first={first} firstMap={firstMap} />;
}
