import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { env } from '@/lib/env';
import { defaultProductsRead, itemsRead, preferencesRead } from '@/lib/watchlist/reads';
import { WatchlistView } from './watchlist-view';

export const metadata: Metadata = { title: 'My Watchlist' };

/**
 * /watchlist: the default list (switch products off and on), search, custom items and the user's own items.
 * The default list, the user's preferences and items come in the HTML.
 */
export default async function WatchlistPage() {
  const [products, preferences, items] = await Promise.all([
    firstAnswer(defaultProductsRead),
    firstAnswer(preferencesRead),
    firstAnswer(itemsRead),
  ]);
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>My Watchlist</h1>
          <p>The bottles you are hunting: a default list you can trim, plus anything you add yourself.</p>
        </div>
      </div>
      <WatchlistView
        premiumMinPrice={env().PREMIUM_MIN_PRICE}
        first={{
          defaults: products && preferences && { products: products.data, preferences: preferences.data },
          items: items && items.data,
        }}
      />
    </div>
  );
}
