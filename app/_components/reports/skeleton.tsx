// Loading placeholders sized like what replaces them, so nothing jumps when data arrives.

export function SkeletonList({ count = 6, height = 76, label = 'Loading…' }: { count?: number; height?: number; label?: string }) {
  return (
    <div className="stack-sm" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton" style={{ height }} aria-hidden="true" />
      ))}
    </div>
  );
}

export function SkeletonGrid({ count = 6, height = 180, label = 'Loading…' }: { count?: number; height?: number; label?: string }) {
  return (
    <div className="card-grid" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton" style={{ height }} aria-hidden="true" />
      ))}
    </div>
  );
}

/** Placeholder for a row of summary figures (see <Stats>). */
export function SkeletonStats({ count = 3 }: { count?: number }) {
  return (
    <div className={`stats stats-${count}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="stat skeleton-stat">
          <span className="skeleton skeleton-line" style={{ width: '60%' }} />
          <span className="skeleton skeleton-figure" />
        </div>
      ))}
    </div>
  );
}
