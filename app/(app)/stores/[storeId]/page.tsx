import type { Metadata } from 'next';
import { StoreDetail } from './store-detail';

export const metadata: Metadata = { title: 'Store' };

export default async function StorePage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <StoreDetail storeId={storeId} />;
}
