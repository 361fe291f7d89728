import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { WatchlistView } from './watchlist-view';

export const metadata: Metadata = { title: 'My Watchlist' };

/** /watchlist: the default list (switch products off and on), search, custom items and the user's own items. */
export default function WatchlistPage() {
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>My Watchlist</h1>
          <p>The bottles you are hunting: a default list you can trim, plus anything you add yourself.</p>
        </div>
      </div>
      <WatchlistView premiumMinPrice={env().PREMIUM_MIN_PRICE} />
    </div>
  );
}
