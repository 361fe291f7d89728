'use client';

import Link from 'next/link';
import { useState } from 'react';
import { formatUsDate, plural } from '@/lib/reports-client/format';
import type { JourneyStep, ProductJourney } from '@/lib/catalog/types';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { useResource } from '../../../_components/data/use-resource';
import { forecastPlaceDetail, forecastStoreName, LIST_PRICE_NOTE, listPriceWords, sourceAges, stageHeadline, stepWords } from '../../../_components/journey/journey-words';
import { JourneyFrame, JourneyLoading } from './journey-frame';

// The product's journey (issue 40, GET /api/products/{plu}/journey): one timeline from the Commission's price list to
// the shelves, oldest first, under a headline saying where it stands now. Loaded by the browser once Where is it
// now has its answer, from its own module (where-now.tsx loads it lazily): it adds little to the screen's first load.

const FAILED = 'Failed to load the journey of this product';
/** A product shipped to many boards and shelves has dozens of steps: the latest few on a phone, the rest on request. */
export const JOURNEY_STEPS_SHOWN = 8;

export function Journey({ plu }: { plu: string }) {
  const journey = useResource<ProductJourney>(
    `journey:${plu}`,
    (signal) => getJson<ProductJourney>(`/api/products/${encodeURIComponent(plu)}/journey`, FAILED, signal),
    FAILED,
  );
  return (
    <JourneyFrame>
      <ResourceView state={journey.state} onRetry={journey.reload} loading={<JourneyLoading />}>
        {(data) => <JourneyBody data={data} />}
      </ResourceView>
    </JourneyFrame>
  );
}

function JourneyBody({ data }: { data: ProductJourney }) {
  const [all, setAll] = useState(false);
  const { steps } = data;
  const hidden = all ? 0 : Math.max(0, steps.length - JOURNEY_STEPS_SHOWN);
  const listPrice = listPriceWords(data.product.list_price);
  return (
    <>
      <p className="journey-stage" data-testid="journey-stage" data-stage={data.stage}>
        {stageHeadline(data.stage, data.warehouse_bottles)}
      </p>
      {listPrice && (
        <p className="small" data-testid="journey-list-price">
          {listPrice}. <span className="muted">{LIST_PRICE_NOTE}</span>
        </p>
      )}
      {steps.length === 0 ? (
        <p className="muted" data-testid="journey-empty">
          No step of its journey is dated yet: it was in the state’s lists before we began reading them. Its next step here
          will be dated the day a source shows it.
        </p>
      ) : (
        <>
          {hidden > 0 && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAll(true)} data-testid="journey-show-all">
              Show all {steps.length} steps ({plural(hidden, 'earlier step')})
            </button>
          )}
          <ol className="timeline" start={hidden + 1} aria-label="Its steps, oldest first" data-testid="journey-steps">
            {steps.slice(hidden).map((step, i) => (
              <JourneyStepLine key={`${hidden + i}:${step.kind}:${step.at}`} step={step} />
            ))}
          </ol>
        </>
      )}
      <p className="muted small journey-ages" data-testid="journey-ages">
        {sourceAges(data.as_of).join(' · ')}.
      </p>
    </>
  );
}

function JourneyStepLine({ step }: { step: JourneyStep }) {
  return (
    <li className="timeline-step" data-kind={step.kind} data-testid="journey-step">
      <time className="timeline-day" dateTime={step.day}>
        {formatUsDate(step.day)}
      </time>
      <span className="timeline-words">{stepWords(step)}</span>
      {step.kind === 'forecast' && step.places.length > 0 && (
        <ul className="timeline-places" data-testid="journey-forecast-places">
          {step.places.map((p) => (
            <li key={p.store?.store_id ?? 'board'} data-outcome={p.outcome} data-testid="journey-forecast-place">
              {p.store ? (
                <>
                  <Link href={`/stores/${p.store.store_id}`}>{forecastStoreName(p.store)}</Link>: {forecastPlaceDetail(p)}
                </>
              ) : (
                forecastPlaceDetail(p)
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
