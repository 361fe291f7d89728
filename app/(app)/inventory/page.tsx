import type { Metadata } from 'next';
import { initialBoard } from '../../_components/reports/initial-board';
import { CurrentInventory } from './current-inventory';

export const metadata: Metadata = { title: 'Current Inventory' };

/** ?search= pre-fills the search (arrival alert e-mails link here with the product's PLU); ?board=<id> a covered board. */
export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ search?: string | string[]; board?: string | string[] }> }) {
  const { search, board } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  return <CurrentInventory initialSearch={initialSearch} initialBoard={await initialBoard(board)} />;
}
