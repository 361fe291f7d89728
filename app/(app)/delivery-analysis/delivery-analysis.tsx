'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DELIVERY_ANALYSIS_TTL_MS, deliveryAnalysisCacheKey } from '@/lib/reports-client/cache';
import { isWeeksBack, WEEKS_BACK_VALUES, weeksBackLabel, type WeeksBack } from '@/lib/reports-client/options';
import { boardName, storesEstimateBase } from '@/lib/reports-client/boards';
import { listedStoreIds } from '@/lib/reports-client/delivery';
import type { DeliveryAnalysis as Analysis, BoardDirectory, DeliveryAnalysisReport, ShipmentDay, Store, StoresWithoutDeliveries } from '@/lib/reports/types';
import { BoardHeader, coveredInfo, directoryBoards, directoryEntry, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { ErrorRetry } from '../../_components/reports/error-retry';
import { callApi } from '../../_components/data/call';
import { readCache, writeCache } from '../../_components/data/local-cache';
import { ShelvesNotRead } from '../../_components/reports/shelves-not-read';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { AnalysisReport, type Report } from './analysis-report';
import { ProductSearch, type ChosenProduct } from './product-search';

type Cached = {
  analysis: Analysis;
  /** What the shipments extract says about each day of the range (absent from reports kept before it existed). */
  shipmentDays?: ShipmentDay[];
  storesWithout: Store[] | null;
  includeOtherDrops: boolean;
  weeksBack: WeeksBack;
  boardId: number;
};

/** One Generate or Refresh: the choices, whether the kept report may answer (not for Refresh), and its number. */
interface Target {
  product: ChosenProduct;
  weeksBack: WeeksBack;
  includeOtherDrops: boolean;
  boardId: number;
  force: boolean;
  run: number;
}

const FAILED = 'Failed to generate analysis';

/** The board's stores that got none of it; null when the list could not be had (the report then estimates). */
async function fetchStoresWithout(analysis: Analysis, boardId: number): Promise<Store[] | null> {
  const res = await callApi<StoresWithoutDeliveries>('/api/inventory/stores-without-deliveries', { failed: FAILED }, {
    method: 'POST',
    body: { ...listedStoreIds(analysis), boardId },
  });
  return res.ok ? res.data.stores : null;
}

/**
 * A report from this browser's cache (unless refreshing), else from the server, kept for the next time. A kept
 * report whose stores-without list failed tries that list again without redoing the analysis.
 */
async function loadReport(target: Target, signal: AbortSignal): Promise<Loaded<Report>> {
  const key = deliveryAnalysisCacheKey(target.product.plu, target.weeksBack, target.includeOtherDrops, target.boardId);
  if (!target.force) {
    const hit = readCache<Cached>(key, DELIVERY_ANALYSIS_TTL_MS);
    if (hit) {
      let value = hit.value;
      if (!value.storesWithout) {
        const storesWithout = await fetchStoresWithout(value.analysis, target.boardId);
        if (storesWithout) {
          value = { ...value, storesWithout };
          writeCache<Cached>(key, value);
        }
      }
      return { ok: true, data: { ...value, shipmentDays: value.shipmentDays ?? [], savedAt: hit.savedAt, fromCache: true } };
    }
  }
  const res = await callApi<DeliveryAnalysisReport>('/api/inventory/delivery-analysis', { failed: FAILED }, {
    method: 'POST',
    body: { plu: target.product.plu, weeksBack: target.weeksBack, includeOtherDrops: target.includeOtherDrops, boardId: target.boardId },
    signal,
  });
  if (!res.ok) return { ok: false, error: res.error };
  const { analysis, shipment_days: shipmentDays } = res.data;
  const storesWithout = await fetchStoresWithout(analysis, target.boardId);
  const value: Cached = { analysis, shipmentDays, storesWithout, includeOtherDrops: target.includeOtherDrops, weeksBack: target.weeksBack, boardId: target.boardId };
  writeCache<Cached>(key, value);
  return { ok: true, data: { ...value, shipmentDays, savedAt: Date.now(), fromCache: false } };
}

/**
 * No first data (a report needs a product): each Generate, Refresh or board change is a load of the shared loader.
 * `directory`: every board (GET /api/boards), as the server read it; a board whose shelves are not read gets no report.
 */
export function DeliveryAnalysis({ initialBoard, directory: firstDirectory }: { initialBoard: InitialBoard; directory?: BoardDirectory | null }) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const boardId = board.boardId;
  const directory = directoryBoards(useBoardDirectory(firstDirectory).state);
  const entry = directoryEntry(directory, boardId);
  const shelvesRead = (id: number) => directoryEntry(directory, id)?.precision === 'shelf';
  const info = coveredInfo(boards.state, boardId);
  const [product, setProduct] = useState<ChosenProduct | null>(null);
  const [weeksBack, setWeeksBack] = useState<WeeksBack>(0);
  const [includeOtherDrops, setIncludeOtherDrops] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const loaded = useResource<Report>(target && String(target.run), (signal) => loadReport(target!, signal), FAILED, {
    keepPrevious: () => true,
  });
  // The last report stays on screen while another loads, and when one fails.
  const [report, setReport] = useState<Report | null>(null);
  if (loaded.state.status === 'ready' && loaded.state.data !== report) setReport(loaded.state.data);
  const pending = target !== null && (loaded.state.status === 'loading' || loaded.refreshing);
  const busy = pending ? (target.force ? 'refresh' : 'generate') : null;
  // A board change clears a failed load's message (the next Generate loads afresh).
  const [dismissedRun, setDismissedRun] = useState<number | null>(null);
  const error = choiceError ?? (loaded.state.status === 'error' && target?.run !== dismissedRun ? loaded.state.error : null);
  const reportRef = useRef<HTMLDivElement>(null);

  // A new report is below the form (off screen on a phone): take the reader, and screen readers, to it.
  useEffect(() => {
    const el = reportRef.current;
    if (!report || !el) return;
    el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    if (el.getBoundingClientRect().top > window.innerHeight * 0.6) {
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    }
  }, [report]);

  function generate(force: boolean, choices = { product, weeksBack, includeOtherDrops, boardId }) {
    const chosen = choices.product;
    if (!chosen) {
      setChoiceError('Choose a product from the suggestions first.');
      return;
    }
    setChoiceError(null);
    setTarget((t) => ({ ...choices, product: chosen, force, run: (t?.run ?? 0) + 1 }));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    generate(false);
  }

  function chooseBoard(id: number) {
    board.choose(id);
    setChoiceError(null);
    setDismissedRun(target?.run ?? null);
    // A report is one board's: switching shows the new board's report for the same choices, when there is one
    // and the new board's shelves are read.
    if (report && shelvesRead(id)) generate(false, { product: report.analysis.product, weeksBack: report.weeksBack, includeOtherDrops: report.includeOtherDrops, boardId: id });
  }

  return (
    <div className="stack">
      <BoardHeader
        title="Delivery Analysis"
        subtitle={
          entry && entry.precision !== 'shelf'
            ? "How one product was spread across a board's stores, and which stores went without, for the boards that publish their shelves."
            : `How one product was spread across the ${boardName(boardId, board.boards)} stores, and which stores went without.`
        }
        board={{ ...board, choose: chooseBoard }}
        info={info}
        directory={directory}
      />
      {entry === null && <SkeletonList count={3} height={64} label="Loading the board…" />}
      {entry !== null && entry.precision !== 'shelf' && <ShelvesNotRead boardId={boardId} name={entry.name} />}
      {entry?.precision === 'shelf' && (
        <>
          <form className="card form analysis-form" onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
            <ProductSearch chosen={product} onChoose={setProduct} />
            <div className="form-pair">
              <div className="field">
                <label htmlFor="weeks-back">Time period</label>
                <select id="weeks-back" className="input" value={weeksBack}
                  onChange={(e) => {
                    const v = Number(e.target.value);
                    if (isWeeksBack(v)) setWeeksBack(v);
                  }}>
                  {WEEKS_BACK_VALUES.map((w) => (
                    <option key={w} value={w}>
                      {weeksBackLabel(w)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field checkbox-field">
                <label className="checkbox">
                  <input type="checkbox" checked={includeOtherDrops} onChange={(e) => setIncludeOtherDrops(e.target.checked)} />
                  <span>Include other drops</span>
                </label>
                <span className="hint">Also list stores that got other allocated products instead.</span>
              </div>
            </div>
            <div className="row">
              <button type="submit" className="btn btn-primary" disabled={busy !== null}>
                {busy === 'generate' ? 'Generating…' : 'Generate Report'}
              </button>
              {report && (
                <button type="button" className="btn btn-secondary" disabled={busy !== null}
                  onClick={() => generate(true, { product: report.analysis.product, weeksBack: report.weeksBack, includeOtherDrops: report.includeOtherDrops, boardId: report.boardId })}>
                  {busy === 'refresh' ? 'Refreshing…' : 'Refresh'}
                </button>
              )}
            </div>
          </form>

          <div aria-live="polite">{error && <ErrorRetry message={error} />}</div>

          {busy === 'generate' && !report ? (
            <div className="stack" aria-hidden="true">
              <div className="skeleton" style={{ height: 200 }} />
              <SkeletonStats count={3} />
              <SkeletonList count={3} height={64} label="Generating the report…" />
            </div>
          ) : (
            report && (
              <div ref={reportRef} className="report-anchor">
                <AnalysisReport report={report} boards={board.boards} estimateBase={storesEstimateBase(report.boardId, boards.state.status === 'ready' ? coveredInfo(boards.state, report.boardId)?.retail_stores : null)} />
              </div>
            )
          )}
        </>
      )}
    </div>
  );
}
