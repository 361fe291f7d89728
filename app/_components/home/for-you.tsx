import Link from 'next/link';
import { likelihoodWords } from '@/lib/forecast/words';
import { awayWords } from '@/lib/places/rules';
import { windowWords } from '@/lib/reports-client/forecast';
import { plural, usDate, usTime } from '@/lib/reports-client/format';
import type { ForYou, ForYouItem } from '@/lib/watchlist/for-you';

// "For you" (issue 39), above the home page's report cards: the hunter's watched products that arrived today, were
// shipped on the latest report or are forecast to land, where their alerts look, nearest first. Server-rendered:
// nothing to load, and nothing shown when there is nothing.

const KIND_WORDS: Record<ForYouItem['kind'], string> = { arrived: 'Arrived', shipped: 'Shipped', forecast: 'On its way' };

function where(item: ForYouItem): string {
  if (!item.store) return `${item.board.name} (the state does not say which store)`;
  return item.kind === 'shipped' ? `${item.store.nickname}, ${item.board.name}'s only store` : `${item.store.nickname}, ${item.board.name}`;
}

function what(item: ForYouItem): string {
  if (item.kind === 'arrived') return `${plural(item.bottles, 'bottle')} on the shelf at ${where(item)} · ${usTime(item.at)}`;
  if (item.kind === 'shipped') return `${plural(item.bottles, 'bottle')} shipped to ${where(item)} · report of ${usDate(item.at)}`;
  const { words, inTen } = likelihoodWords(item.likelihood ?? 0);
  return `${where(item)}: ${words} (${inTen}), ${windowWords({ window_start: item.at, window_end: item.windowEnd ?? item.at })}`;
}

export function ForYouSection({ forYou }: { forYou: ForYou }) {
  if (!forYou.items.length) return null;
  return (
    <section className="card stack-sm for-you" aria-labelledby="for-you-heading" data-testid="for-you">
      <h2 id="for-you-heading">For you today</h2>
      <ul className="for-you-list">
        {forYou.items.map((item) => (
          <li key={`${item.kind}-${item.plu}-${item.store?.id ?? item.board.id}`} data-testid="for-you-item" data-kind={item.kind}>
            <Link href={`/products/${encodeURIComponent(item.plu)}`} className="for-you-link">
              <span className={`badge for-you-kind for-you-${item.kind}`}>{KIND_WORDS[item.kind]}</span>
              <strong className="for-you-name">{item.name}</strong>
              <span className="small muted for-you-what">
                {what(item)}
                {item.away && <> · <span className="miles" data-testid="miles">{awayWords(item.away)}</span></>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {forYou.more > 0 && (
        <p className="small">
          <Link href="/todays-arrivals">{forYou.more} more on Today&apos;s Arrivals and Incoming</Link>
        </p>
      )}
    </section>
  );
}
