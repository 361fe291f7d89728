import type { ReactNode } from 'react';
import { SkeletonList } from '../../../_components/reports/skeleton';

// The Journey section's frame and its loading state: small, so Where is it now draws them while the journey's own
// code (journey.tsx, loaded lazily) and its answer are on their way, and nothing moves when they arrive.

export function JourneyFrame({ children }: { children: ReactNode }) {
  return (
    <section className="card stack-sm journey" id="journey" aria-labelledby="journey-heading" data-testid="journey">
      <h2 id="journey-heading">Journey</h2>
      {children}
    </section>
  );
}

export function JourneyLoading() {
  return <SkeletonList count={1} height={160} label="Loading its journey…" />;
}
