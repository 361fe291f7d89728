import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { whereRead } from '@/lib/forecast/reads';
import { WhereNow } from './where-now';

export const metadata: Metadata = { title: 'Where is it now' };

/** Where the product is now comes in the HTML. */
export default async function ProductPage({ params }: { params: Promise<{ plu: string }> }) {
  const { plu } = await params;
  const first = await firstAnswer(whereRead, { params: { plu } });
  return <WhereNow plu={plu} first={first} />;
}
