'use client';

import type { ForecastRecord } from '@/lib/forecast/types';
import { ErrorRetry } from '../reports/error-retry';
import { getJson } from '../reports/fetchers';
import { SkeletonList } from '../reports/skeleton';
import { useResource } from '../reports/use-resource';
import { ForecastRecordTable } from './record-table';

/** The forecast record (GET /api/incoming/record), from the server's first answer or loaded here. */
export function ForecastRecordView({ first, headingLevel }: { first: ForecastRecord | null; headingLevel?: 2 | 3 }) {
  const { state, reload } = useResource<ForecastRecord>(
    'forecast-record',
    (signal) => getJson<ForecastRecord>('/api/incoming/record', 'Could not load the forecast record.', signal),
    undefined,
    { initial: first && { key: 'forecast-record', data: first } },
  );
  if (state.status === 'error') return <ErrorRetry message={state.error} onRetry={reload} />;
  if (state.status !== 'ready') return <SkeletonList count={4} height={90} label="Loading the forecast record…" />;
  return <ForecastRecordTable record={state.data} headingLevel={headingLevel} />;
}
