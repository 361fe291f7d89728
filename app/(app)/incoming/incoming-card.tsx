'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { precisionLine } from '@/lib/reports-client/forecast';
import { formatUsDate, plural, price, usDateTime } from '@/lib/reports-client/format';
import type { ForecastPlace, IncomingShipment, NearestStore } from '@/lib/forecast/types';
import { placeAway } from '../../_components/forecast/place-distances';
import type { Distances } from '../../_components/places/distances';
import { Miles } from '../../_components/places/miles';
import { LazyNcMap } from '../../_components/places/lazy-map';
import { PlaceLines } from '../../_components/forecast/place-lines';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { incomingMap, NO_STORE_NAMED } from './incoming-map';

// A shipment on its way as a card, and the map of them: shared by Incoming's board view and its "Nearest to me" view.

/** The map of what is on its way (issue 39): the stores forecast to get it, the counties of boards that name none. */
export function IncomingOnTheMap({ shipments, title, distances, fallback }: { shipments: IncomingShipment[]; title: string; distances: Distances | null | undefined; fallback?: ReactNode }) {
  const { points, boards } = incomingMap(shipments);
  return (
    <section className="card" aria-label="Map" data-testid="incoming-map">
      <LazyNcMap title={title} points={points} boards={boards} emptyText={NO_STORE_NAMED} distances={distances} fallback={fallback} />
    </section>
  );
}

/** Places shown on a card before the rest fold away: the likeliest few, a phone's glance per shipment. */
export const PLACES_SHOWN = 3;

/**
 * One shipment: the product, what was shipped when and how precisely (on the card itself: the stores, this
 * board's only store, or the board), the likeliest few places, and the rest folded behind "N more stores".
 * `boardStores`: its board's retail stores (the board words); `distances`: each place's miles, when the hunter has a
 * place; `nearest`: in "Nearest to me", the store the shipment is nearest the hunter at.
 */
export function IncomingCard({
  shipment: s,
  boardStores: stores,
  watched,
  distances,
  nearest,
}: {
  shipment: IncomingShipment;
  boardStores?: number;
  watched: boolean;
  distances: Distances | null;
  nearest?: NearestStore;
}) {
  const only = s.precision === 'store_by_shipment';
  // Named (and arrived) first, then the likeliest, as the answer orders them; a closed shipment keeps its outcomes.
  const shown = s.places.slice(0, PLACES_SHOWN);
  const rest = s.places.slice(PLACES_SHOWN);
  const away = distances ? (p: ForecastPlace) => placeAway(distances, p, s.board_id) : undefined;
  // The store it is nearest the hunter at may be folded below the likeliest: its line says how likely it is there.
  const nearestPlace = nearest?.kind === 'forecast' ? s.places.find((p) => p.store?.store_id === nearest.store_id) : undefined;
  return (
    <article className="card incoming-card" data-testid="incoming-shipment" data-precision={s.precision} aria-labelledby={`incoming-${s.incoming_id}`}>
      <header>
        <div>
          <h3 id={`incoming-${s.incoming_id}`}>
            <Link className="product-name" href={`/products/${s.plu}`}>
              {s.name}
            </Link>
          </h3>
          <span className="product-meta">
            {watched && <span className="badge badge-today">On your watchlist</span>}
            <ListingBadge type={s.listing_type} />
            <span>{price(s.retail_price)}</span>
            <span>PLU {s.plu}</span>
          </span>
          {/* A shelf board's stores are listed below; a one-store board's or a board's place line says the rest. */}
          <div className="small shipment-precision">
            {plural(s.units, 'bottle')} shipped {formatUsDate(s.ship_date)}
            {s.precision === 'shelf' && <span data-testid="shipment-precision"> · {precisionLine({ precision: s.precision, board: s.board_name })}</span>}
          </div>
          {nearest && (
            <div className="small shipment-nearest" data-testid="incoming-nearest">
              <Miles store={nearest} /> to {nearest.nickname}
              {nearestPlace && ` (${nearestPlace.outcome === 'arrived' ? 'arrived' : nearestPlace.likelihood_words})`}
              {nearest.kind === 'forecast' ? ` · ${s.board_name}` : `, ${s.board_name}'s nearest store`}
            </div>
          )}
        </div>
      </header>
      {shown.length > 0 ? (
        <PlaceLines places={shown} boardName={s.board_name} boardStores={stores} onlyStore={only} away={away} />
      ) : (
        <p className="muted small incoming-more">No store is likely enough to name yet.</p>
      )}
      <details className="incoming-more" data-testid="incoming-more">
        <summary>{rest.length > 0 ? plural(rest.length, 'more store') : 'When it was forecast'}</summary>
        {rest.length > 0 && <PlaceLines places={rest} boardName={s.board_name} boardStores={stores} onlyStore={only} away={away} />}
        <p className="muted small">
          Forecast {usDateTime(s.forecast_at)}
          {s.updated_at !== s.forecast_at && <> · updated {usDateTime(s.updated_at)}</>}
        </p>
      </details>
    </article>
  );
}
