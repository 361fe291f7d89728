import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { todaysArrivalsRead } from '@/lib/reports/reads';
import type { ArrivalsReport } from '@/lib/reports/types';
import { isYmd, nyDate } from '@/lib/time';
import { initialBoard } from '../../_components/reports/initial-board';
import { Arrivals } from './arrivals';

export const metadata: Metadata = { title: "Today's Arrivals" };

/**
 * ?date=YYYY-MM-DD opens a past day (the screen keeps the address in step as you move between days);
 * ?board=<id> a covered board other than the home board (or Wake). The day's arrivals come in the HTML.
 */
export default async function TodaysArrivalsPage({ searchParams }: { searchParams: Promise<{ date?: string | string[]; board?: string | string[] }> }) {
  const { date, board } = await searchParams;
  const initialDate = typeof date === 'string' && isYmd(date) ? date : undefined;
  const opening = await initialBoard(board);
  const day = initialDate ?? nyDate();
  const report = await firstAnswer<ArrivalsReport>(todaysArrivalsRead, { query: { date: day, boardId: String(opening.boardId) } });
  return <Arrivals initialDate={initialDate} initialBoard={opening} first={report && { date: day, report }} />;
}
