import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead, todaysArrivalsRead } from '@/lib/reports/reads';
import { isYmd, nyDate } from '@/lib/time';
import { initialBoard } from '../../_components/reports/initial-board';
import { Arrivals } from './arrivals';

export const metadata: Metadata = { title: "Today's Arrivals" };

/**
 * ?date=YYYY-MM-DD opens a past day (the screen keeps the address in step as you move between days);
 * ?board=<id> any board other than the home board (or Wake). The day's arrivals come in the HTML.
 */
export default async function TodaysArrivalsPage({ searchParams }: { searchParams: Promise<{ date?: string | string[]; board?: string | string[] }> }) {
  const { date, board } = await searchParams;
  const initialDate = typeof date === 'string' && isYmd(date) ? date : undefined;
  const opening = await initialBoard(board, { anyBoard: true });
  const day = initialDate ?? nyDate();
  const [report, directory] = await Promise.all([
    firstAnswer(todaysArrivalsRead, { query: { date: day, boardId: String(opening.boardId) } }),
    firstAnswer(boardsRead),
  ]);
  // savedAt: a copy of this page read later (offline, app/service-worker.ts) says how old it is.
  const savedAt = new Date().toISOString();
  return <Arrivals initialDate={initialDate} initialBoard={opening} first={report && { date: day, report }} savedAt={savedAt} directory={directory} />;
}
