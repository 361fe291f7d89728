import type { Metadata } from 'next';
import { isYmd } from '@/lib/time';
import { initialBoard } from '../../_components/reports/initial-board';
import { Arrivals } from './arrivals';

export const metadata: Metadata = { title: "Today's Arrivals" };

/**
 * ?date=YYYY-MM-DD opens a past day (the screen keeps the address in step as you move between days);
 * ?board=<id> a covered board other than the home board (or Wake).
 */
export default async function TodaysArrivalsPage({ searchParams }: { searchParams: Promise<{ date?: string | string[]; board?: string | string[] }> }) {
  const { date, board } = await searchParams;
  const initialDate = typeof date === 'string' && isYmd(date) ? date : undefined;
  return <Arrivals initialDate={initialDate} initialBoard={await initialBoard(board)} />;
}
