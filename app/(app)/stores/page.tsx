import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { storesRead } from '@/lib/reports/reads';
import type { Store } from '@/lib/reports/types';
import { initialBoard } from '../../_components/reports/initial-board';
import { StoreDirectory } from './store-directory';

export const metadata: Metadata = { title: 'Stores' };

/** ?board=<id> lists a covered board other than the home board (or Wake). The opening board's stores come in the HTML. */
export default async function StoresPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  const opening = await initialBoard(board);
  const first = await firstAnswer<{ stores: Store[] }>(storesRead, { query: { boardId: String(opening.boardId) } });
  return <StoreDirectory initialBoard={opening} first={first} />;
}
