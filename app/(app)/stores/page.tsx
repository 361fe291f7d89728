import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead, storesRead } from '@/lib/reports/reads';
import { initialBoard } from '../../_components/reports/initial-board';
import { StoreDirectory } from './store-directory';

export const metadata: Metadata = { title: 'Stores' };

/** ?board=<id> lists any board's stores other than the home board's (or Wake's). The opening board's stores come in the HTML. */
export default async function StoresPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  const opening = await initialBoard(board, { anyBoard: true });
  const [first, directory] = await Promise.all([
    firstAnswer(storesRead, { query: { boardId: String(opening.boardId) } }),
    firstAnswer(boardsRead),
  ]);
  return <StoreDirectory initialBoard={opening} first={first} directory={directory} />;
}
