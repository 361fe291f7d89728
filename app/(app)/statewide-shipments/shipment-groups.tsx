'use client';

import { useState, type ReactNode } from 'react';
import { price, usDate } from '@/lib/reports-client/format';
import type { ShipmentView } from '@/lib/reports-client/options';
import { groupByBoard, groupByDate, groupByProduct } from '@/lib/reports-client/shipments';
import type { Shipment } from '@/lib/reports-client/types';
import { weekdayOf } from '@/lib/time';
import { ListingBadge } from '../../_components/reports/listing-badge';

const PAGE = 50;
const cases = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** The three views of the same shipments: by product, by date, by board. */
export function ShipmentGroups({ view, shipments }: { view: ShipmentView; shipments: Shipment[] }) {
  const [limit, setLimit] = useState(PAGE);
  let total: number;
  let items: ReactNode[];

  if (view === 'product') {
    const groups = groupByProduct(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <details key={g.code} className="card product-card" data-testid="shipment-group">
        <summary>
          <span className="product-card-title">
            <span className="product-name">{g.name}</span>
            <span className="product-meta">
              <ListingBadge type={g.listingType} />
              <span>{price(g.price)}</span>
              <span>PLU {g.code}</span>
            </span>
          </span>
          <span className="product-card-figures">
            <strong>{cases(g.cases)}</strong>
            <span className="muted">
              {' '}· {g.boards} {g.boards === 1 ? 'board' : 'boards'} · last {usDate(g.lastShipDate)}
            </span>
          </span>
        </summary>
        <ul className="ship-lines">
          {g.shipments.map((s, i) => (
            <li key={i}>
              <span>{s.board_name_clean}</span>
              <span className="muted">{s.ship_date_formatted || usDate(s.ship_date)}</span>
              <strong>{cases(s.cases)}</strong>
            </li>
          ))}
        </ul>
      </details>
    ));
  } else if (view === 'date') {
    const groups = groupByDate(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <details key={g.date} className="card product-card" data-testid="shipment-group">
        <summary>
          <span className="product-card-title">
            <span className="product-name">
              {weekdayOf(g.date)} {usDate(g.date)}
            </span>
          </span>
          <span className="product-card-figures">
            <strong>{cases(g.cases)}</strong>
            <span className="muted">
              {' '}· {g.products} {g.products === 1 ? 'product' : 'products'}
            </span>
          </span>
        </summary>
        <ul className="ship-lines">
          {g.shipments.map((s, i) => (
            <li key={i}>
              <span>
                {s.brand_name} <ListingBadge type={s.Listing_Type} />
              </span>
              <span className="muted">{s.board_name_clean}</span>
              <strong>{cases(s.cases)}</strong>
            </li>
          ))}
        </ul>
      </details>
    ));
  } else {
    const groups = groupByBoard(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <details key={g.boardId} className="card product-card" data-testid="shipment-group">
        <summary>
          <span className="product-card-title">
            <span className="product-name">{g.name}</span>
          </span>
          <span className="product-card-figures">
            <strong>{cases(g.cases)}</strong>
            <span className="muted">
              {' '}· {g.products} {g.products === 1 ? 'product' : 'products'}
            </span>
          </span>
        </summary>
        <ul className="ship-lines">
          {g.shipments.map((s, i) => (
            <li key={i}>
              <span>
                {s.brand_name} <ListingBadge type={s.Listing_Type} />
              </span>
              <span className="muted">{s.ship_date_formatted || usDate(s.ship_date)}</span>
              <strong>{cases(s.cases)}</strong>
            </li>
          ))}
        </ul>
      </details>
    ));
  }

  return (
    <div className="stack-sm" data-testid={`shipments-view-${view}`}>
      {items}
      {total > limit && (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setLimit((l) => l + PAGE)}>
          Show more ({total - limit} left)
        </button>
      )}
    </div>
  );
}
