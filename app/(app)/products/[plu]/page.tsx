import type { Metadata } from 'next';
import { WhereNow } from './where-now';

export const metadata: Metadata = { title: 'Where is it now' };

export default async function ProductPage({ params }: { params: Promise<{ plu: string }> }) {
  const { plu } = await params;
  return <WhereNow plu={plu} />;
}
