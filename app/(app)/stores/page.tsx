import type { Metadata } from 'next';
import { initialBoard } from '../../_components/reports/initial-board';
import { StoreDirectory } from './store-directory';

export const metadata: Metadata = { title: 'Stores' };

/** ?board=<id> lists a covered board other than the home board (or Wake). */
export default async function StoresPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  return <StoreDirectory initialBoard={await initialBoard(board)} />;
}
