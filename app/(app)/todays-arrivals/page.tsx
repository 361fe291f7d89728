import type { Metadata } from 'next';
import { isYmd } from '@/lib/time';
import { Arrivals } from './arrivals';

export const metadata: Metadata = { title: "Today's Arrivals" };

/** ?date=YYYY-MM-DD opens a past day (the screen keeps the address in step as you move between days). */
export default async function TodaysArrivalsPage({ searchParams }: { searchParams: Promise<{ date?: string | string[] }> }) {
  const { date } = await searchParams;
  const initialDate = typeof date === 'string' && isYmd(date) ? date : undefined;
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Today&apos;s Arrivals</h1>
          <p>New bottles of allocated, limited and barrel products at Wake County ABC stores.</p>
        </div>
      </div>
      <Arrivals initialDate={initialDate} />
    </div>
  );
}
