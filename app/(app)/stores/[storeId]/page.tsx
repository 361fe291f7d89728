import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { directoryOptions } from '../../../_components/reports/initial-board';
import { coveredBoardsRead } from '@/lib/reports/reads';
import { DEFAULT_HISTORY_DAYS } from '@/lib/reports-client/options';
import { storeHistoryRead, storeInventoryRead, storesRead } from '@/lib/reports/reads';
import { storeExpectedRead } from '@/lib/forecast/reads';
import { getSessionUser, isStaff } from '@/lib/auth/session';
import { StoreDetail } from './store-detail';
import Link from 'next/link';

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
  const user = await getSessionUser();
  // Staff pin the store's place on a page of its own (issue 39), so a hunter's store page loads none of it.
  const staffCard =
    user && isStaff(user.role) && inventory ? (
      <p className="small">
        <Link href={`/stores/${inventory.store.store_id}/place`} data-testid="store-place-link">Where this store is placed (staff)</Link>
      </p>
    ) : null;
  return (
    <div className="stack">
      <StoreDetail storeId={storeId} boards={boards} first={{ inventory, history, stores, covered, expected }} />
      {staffCard}
    </div>
  );
}
