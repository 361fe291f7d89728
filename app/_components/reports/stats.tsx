import type { ReactNode } from 'react';

/** Summary figures: a label over a big number. */
export function Stats({ items, label }: { items: { label: string; value: ReactNode }[]; label: string }) {
  return (
    <dl className={`stats stats-${items.length}`} aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="stat">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
