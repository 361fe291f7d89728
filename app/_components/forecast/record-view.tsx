'use client';

import type { ForecastRecord } from '@/lib/forecast/types';
import { getJson } from '../data/get-json';
import { ResourceView } from '../data/resource-view';
import { SkeletonList } from '../reports/skeleton';
import { useResource } from '../data/use-resource';
import { ForecastRecordTable } from './record-table';

/** The forecast record (GET /api/incoming/record), from the server's first answer or loaded here. */
export function ForecastRecordView({ first, headingLevel }: { first: ForecastRecord | null; headingLevel?: 2 | 3 }) {
  const { state, reload } = useResource<ForecastRecord>(
    'forecast-record',
    (signal) => getJson<ForecastRecord>('/api/incoming/record', 'Could not load the forecast record.', signal),
    undefined,
    { initial: first && { key: 'forecast-record', data: first } },
  );
  return (
    <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={4} height={90} label="Loading the forecast record…" />}>
      {(record) => <ForecastRecordTable record={record} headingLevel={headingLevel} />}
    </ResourceView>
  );
}
