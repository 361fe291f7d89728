'use client';

import type { ReactNode } from 'react';
import { ErrorRetry } from '../reports/error-retry';
import type { ResourceState } from './use-resource';

/**
 * Every screen's one view of a load (useResource's state): `loading` (a skeleton sized like what replaces it)
 * until the answer comes, the error with Try Again when it fails, and `children` with the data when it is ready.
 * Nothing before the screen asked for anything (idle).
 */
export function ResourceView<T>({
  state,
  onRetry,
  loading,
  children,
}: {
  state: ResourceState<T>;
  onRetry?: () => void;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <>{loading}</>;
    case 'error':
      return <ErrorRetry message={state.error} onRetry={onRetry} />;
    case 'ready':
      return <>{children(state.data)}</>;
  }
}
