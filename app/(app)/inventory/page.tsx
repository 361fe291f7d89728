import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { allocatedCurrentRead } from '@/lib/reports/reads';
import type { AllocatedCurrent } from '@/lib/reports/types';
import { initialBoard } from '../../_components/reports/initial-board';
import { CurrentInventory } from './current-inventory';

export const metadata: Metadata = { title: 'Current Inventory' };

/**
 * ?search= pre-fills the search (arrival alert e-mails link here with the product's PLU); ?board=<id> a covered
 * board. The opening board's inventory comes in the HTML.
 */
export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ search?: string | string[]; board?: string | string[] }> }) {
  const { search, board } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  const opening = await initialBoard(board);
  const first = await firstAnswer<AllocatedCurrent>(allocatedCurrentRead, { query: { boardId: String(opening.boardId) } });
  return <CurrentInventory initialSearch={initialSearch} initialBoard={opening} first={first} />;
}
