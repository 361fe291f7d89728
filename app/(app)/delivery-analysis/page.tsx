import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead } from '@/lib/reports/reads';
import { initialBoard } from '../../_components/reports/initial-board';
import { DeliveryAnalysis } from './delivery-analysis';

export const metadata: Metadata = { title: 'Delivery Analysis' };

/** ?board=<id> analyses any board other than the home board (or Wake); a board whose shelves are not read says so. */
export default async function DeliveryAnalysisPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  const [opening, directory] = await Promise.all([initialBoard(board, { anyBoard: true }), firstAnswer(boardsRead)]);
  return <DeliveryAnalysis initialBoard={opening} directory={directory} />;
}
