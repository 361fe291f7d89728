import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead } from '@/lib/reports/reads';
import { incomingRead } from '@/lib/forecast/reads';
import { itemsRead } from '@/lib/watchlist/reads';
import { preloadServerMap, ServerNcMap } from '../../_components/places/server-map';
import { initialBoard } from '../../_components/reports/initial-board';
import { Incoming } from './incoming';
import { incomingMap, NO_STORE_NAMED } from './incoming-map';
import { BOARD_MAP_TITLE, openShipments } from './incoming-rules';

export const metadata: Metadata = { title: 'Incoming' };

/** ?board=<id> any board (default: the home board, else Wake). The opening board's shipments, and the hunter's watched products, come in the HTML. */
export default async function IncomingPage({ searchParams }: { searchParams: Promise<{ board?: string | string[] }> }) {
  const { board } = await searchParams;
  preloadServerMap(); // at once, beside the board's shipments
  const opening = await initialBoard(board, { anyBoard: true });
  const [first, directory, watchlist] = await Promise.all([
    firstAnswer(incomingRead, { query: { boardId: String(opening.boardId) } }),
    firstAnswer(boardsRead),
    firstAnswer(itemsRead),
  ]);
  // The hunter's watched products come first (null: not known, the latest shipments first).
  const watched = watchlist ? watchlist.data.filter((w) => w.active && w.interest_type === 'interested').map((w) => w.plu) : null;
  // The map of the opening board, drawn here so a phone shows it with the first paint (the same points the screen's
  // interactive map draws once its code has loaded).
  const open = first ? openShipments(first.incoming, new Set(watched ?? [])) : [];
  const map = open.length > 0 ? incomingMap(open) : null;
  const firstMap = map && <ServerNcMap title={BOARD_MAP_TITLE} points={map.points} boards={map.boards} emptyText={NO_STORE_NAMED} />;
  return <Incoming initialBoard={opening} first={first} directory={directory} watched={watched} firstMap={firstMap} />;
}
