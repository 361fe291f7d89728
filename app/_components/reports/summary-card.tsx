import type { ReactNode } from 'react';

/**
 * A report's summary card: its heading beside a Refresh button that reloads the report (and says so while it does),
 * then the figures and notes given as children.
 */
export function SummaryCard({ id, title, refreshing, onRefresh, children }: { id: string; title: ReactNode; refreshing: boolean; onRefresh: () => void; children: ReactNode }) {
  return (
    <section className="card stack-sm" aria-labelledby={id}>
      <div className="row spread nowrap">
        <h2 id={id} className="summary-title">
          {title}
        </h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {children}
    </section>
  );
}
