import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead, incomingRead } from '@/lib/reports/reads';
import type { BoardDirectory, IncomingReport } from '@/lib/reports/types';
import { initialBoard } from '../../_components/reports/initial-board';
import { Incoming } from './incoming';

export const metadata: Metadata = { title: 'Incoming' };

/** ?board=<id> any board (default: the home board, else Wake). The opening board's shipments come in the HTML. */
export default async function IncomingPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  const opening = await initialBoard(board, { anyBoard: true });
  const [first, directory] = await Promise.all([
    firstAnswer<IncomingReport>(incomingRead, { query: { boardId: String(opening.boardId) } }),
    firstAnswer<BoardDirectory>(boardsRead),
  ]);
  return <Incoming initialBoard={opening} first={first} directory={directory} />;
}
