import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { directoryOptions } from '../../../_components/reports/initial-board';
import { coveredBoardsRead } from '@/lib/reports/reads';
import { DEFAULT_HISTORY_DAYS } from '@/lib/reports-client/options';
import { storeHistoryRead, storeInventoryRead, storesRead } from '@/lib/reports/reads';
import { storeExpectedRead } from '@/lib/forecast/reads';
import { StoreDetail } from './store-detail';

export const metadata: Metadata = { title: 'Store' };

/** The store, what is expected there this week, its shelf, its recent drops, its board's stores (for the switch) and the covered boards come in the HTML. */
export default async function StorePage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  const [inventory, history, boards, covered, expected] = await Promise.all([
    firstAnswer(storeInventoryRead, { params: { storeId } }),
    firstAnswer(storeHistoryRead, { params: { storeId }, query: { days: String(DEFAULT_HISTORY_DAYS) } }),
    directoryOptions(),
    firstAnswer(coveredBoardsRead),
    firstAnswer(storeExpectedRead, { params: { storeId } }),
  ]);
  const stores = inventory && (await firstAnswer(storesRead, { query: { boardId: String(inventory.board_id) } }));
  return <StoreDetail storeId={storeId} boards={boards} first={{ inventory, history, stores, covered, expected }} />;
}
