import { usDateTime } from '@/lib/reports-client/format';

// How sure a store's stock is (lib/reports/stock-age.ts): "last seen …" when the board did not confirm a
// number when it should have, and unknown — never "in stock", never a zero — once it has not been confirmed
// for a day (STOCK_UNKNOWN_AFTER_MINUTES). Shared by Current Inventory, the store pages and Where is it now.

const WHY_LAST_SEEN =
  'Not confirmed since: the board’s latest check said nothing about it or failed, or the check that was due has not come.';

/** "Last seen 12/01/2026 3:15 PM", or nothing while the number is confirmed. */
export function LastSeen({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  return (
    <span className="stale-note" title={WHY_LAST_SEEN} data-testid="last-seen">
      Last seen {usDateTime(at)}
    </span>
  );
}

/** Why a list of unknown stock is apart: said once above it. */
export function UnknownStockNote() {
  return (
    <p className="muted small">
      The board has stopped confirming these numbers: they are unknown, not in stock. What it last showed, and when, is below. Call the store
      before you drive there.
    </p>
  );
}

/** One unknown line's figure: what was last confirmed, and when. */
export function UnknownFigure({ bottles, at }: { bottles: number; at: string }) {
  return (
    <div className="item-figure unknown-figure">
      <strong>Unknown</strong>
      <span className="muted small">
        {bottles} {bottles === 1 ? 'bottle' : 'bottles'} last seen {usDateTime(at)}
      </span>
    </div>
  );
}
