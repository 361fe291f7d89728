'use client';

import { useState, type ReactNode } from 'react';
import { price, usDate } from '@/lib/reports-client/format';
import type { ShipmentView } from '@/lib/reports-client/options';
import { BOARD_GROUPS } from '@/lib/reports-client/boards';
import type { BoardPrecision } from '@/lib/reference/precision';
import { groupByBoard, groupByDate, groupByProduct } from '@/lib/reports-client/shipments';
import type { Shipment } from '@/lib/reports/types';
import { weekdayOf } from '@/lib/time';
import { ListingBadge } from '../../_components/reports/listing-badge';

const PAGE = 50;
const cases = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'case' : 'cases'}`;

/** One group of shipments: a summary line that opens to the shipments in it. */
function GroupCard({
  title,
  meta,
  cases: total,
  detail,
  lines,
}: {
  title: ReactNode;
  meta?: ReactNode;
  cases: number;
  detail: ReactNode;
  lines: { label: ReactNode; secondary: ReactNode; cases: number }[];
}) {
  return (
    <details className="card product-card" data-testid="shipment-group">
      <summary>
        <span className="product-card-title">
          <span className="product-name">{title}</span>
          {meta && <span className="product-meta">{meta}</span>}
        </span>
        <span className="product-card-figures">
          <strong>{cases(total)}</strong>
          <span className="muted"> · {detail}</span>
        </span>
      </summary>
      <ul className="ship-lines">
        {lines.map((line, i) => (
          <li key={i}>
            <span>{line.label}</span>
            <span className="muted">{line.secondary}</span>
            <strong>{cases(line.cases)}</strong>
          </li>
        ))}
      </ul>
    </details>
  );
}

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;
const shipDate = (s: Shipment) => s.ship_date_formatted || usDate(s.ship_date);
const productLabel = (s: Shipment) => (
  <>
    {s.brand_name} <ListingBadge type={s.Listing_Type} />
  </>
);

/**
 * What is known of a board, as the Board select groups it ("Store shelves read", "One store", "Shipments to the
 * board only"): a shipment to it shows up on shelves we read, went to its only store, or to one of its stores.
 */
function PrecisionBadge({ precision }: { precision: BoardPrecision | undefined }) {
  const group = BOARD_GROUPS.find((g) => g.precision === precision);
  if (!group) return null;
  return (
    <span className={`badge badge-precision-${group.precision}`} data-testid="precision-badge">
      {group.label}
    </span>
  );
}

/**
 * The three views of the same shipments: by product, by date, by board; the board view says how precisely each
 * board's shipments place the bottles (`boardPrecision`, by board id).
 */
export function ShipmentGroups({ view, shipments, boardPrecision = {} }: { view: ShipmentView; shipments: Shipment[]; boardPrecision?: Partial<Record<string, BoardPrecision>> }) {
  const [limit, setLimit] = useState(PAGE);
  let total: number;
  let items: ReactNode[];

  if (view === 'product') {
    const groups = groupByProduct(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <GroupCard
        key={g.code}
        title={g.name}
        meta={
          <>
            <ListingBadge type={g.listingType} />
            <span>{price(g.price)}</span>
            <span>PLU {g.code}</span>
          </>
        }
        cases={g.cases}
        detail={`${plural(g.boards, 'board')} · last ${usDate(g.lastShipDate)}`}
        lines={g.shipments.map((s) => ({
          label: (
            <>
              {s.board_name_clean} <PrecisionBadge precision={boardPrecision[s.board_id]} />
            </>
          ),
          secondary: shipDate(s),
          cases: s.cases,
        }))}
      />
    ));
  } else if (view === 'date') {
    const groups = groupByDate(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <GroupCard
        key={g.date}
        title={`${weekdayOf(g.date)} ${usDate(g.date)}`}
        cases={g.cases}
        detail={plural(g.products, 'product')}
        lines={g.shipments.map((s) => ({
          label: productLabel(s),
          secondary: (
            <>
              {s.board_name_clean} <PrecisionBadge precision={boardPrecision[s.board_id]} />
            </>
          ),
          cases: s.cases,
        }))}
      />
    ));
  } else {
    const groups = groupByBoard(shipments);
    total = groups.length;
    items = groups.slice(0, limit).map((g) => (
      <GroupCard
        key={g.boardId}
        title={g.name}
        meta={<PrecisionBadge precision={boardPrecision[g.boardId]} />}
        cases={g.cases}
        detail={plural(g.products, 'product')}
        lines={g.shipments.map((s) => ({ label: productLabel(s), secondary: shipDate(s), cases: s.cases }))}
      />
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
