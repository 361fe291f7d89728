import type { Metadata } from 'next';
import { initialBoard } from '../../_components/reports/initial-board';
import { DeliveryAnalysis } from './delivery-analysis';

export const metadata: Metadata = { title: 'Delivery Analysis' };

/** ?board=<id> analyses a covered board other than the home board (or Wake). */
export default async function DeliveryAnalysisPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  return <DeliveryAnalysis initialBoard={await initialBoard(board)} />;
}
