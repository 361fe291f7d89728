import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { comingRead } from '@/lib/catalog/reads';
import { Coming } from './coming';

export const metadata: Metadata = { title: 'Coming to NC' };

/** Hunted products announced in the price list or received at the state warehouse, not yet shipped: the list comes in the HTML. */
export default async function ComingPage() {
  const first = await firstAnswer(comingRead);
  return <Coming first={first} />;
}
