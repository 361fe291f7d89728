import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { allocatedCurrentRead, boardsRead } from '@/lib/reports/reads';
import { initialBoard } from '../../_components/reports/initial-board';
import { CurrentInventory } from './current-inventory';

export const metadata: Metadata = { title: 'Current Inventory' };

/**
 * ?search= pre-fills the search (arrival alert e-mails link here with the product's PLU); ?board=<id> any board.
 * The opening board's inventory comes in the HTML; a board whose shelves are not read has none to read.
 */
export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ search?: string | string[]; board?: string | string[] }> }) {
  const { search, board } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  const [opening, directory] = await Promise.all([initialBoard(board, { anyBoard: true }), firstAnswer(boardsRead)]);
  const shelves = directory?.boards.find((b) => b.board_id === opening.boardId)?.precision === 'shelf';
  const first = shelves ? await firstAnswer(allocatedCurrentRead, { query: { boardId: String(opening.boardId) } }) : null;
  return <CurrentInventory initialSearch={initialSearch} initialBoard={opening} first={first} directory={directory} />;
}
