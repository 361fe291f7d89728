'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DELIVERY_ANALYSIS_TTL_MS, deliveryAnalysisCacheKey } from '@/lib/reports-client/cache';
import { isWeeksBack, WEEKS_BACK_VALUES, weeksBackLabel, type WeeksBack } from '@/lib/reports-client/options';
import { boardName, storesEstimateBase } from '@/lib/reports-client/boards';
import { listedStoreIds } from '@/lib/reports-client/delivery';
import type { DeliveryAnalysis as Analysis, Store } from '@/lib/reports/types';
import { apiFetch } from '../../_components/api';
import { BoardHeader, coveredInfo, useBoard, useCoveredBoards, type InitialBoard } from '../../_components/reports/board-choice';
import { ErrorRetry } from '../../_components/reports/error-retry';
import { readCache, writeCache } from '../../_components/reports/local-cache';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { AnalysisReport, type Report } from './analysis-report';
import { ProductSearch, type ChosenProduct } from './product-search';

type Cached = { analysis: Analysis; storesWithout: Store[] | null; includeOtherDrops: boolean; weeksBack: WeeksBack; boardId: number };

async function fetchStoresWithout(analysis: Analysis, boardId: number): Promise<Store[] | null> {
  try {
    const res = await apiFetch<{ success?: boolean; stores?: Store[] }>('/api/inventory/stores-without-deliveries', {
      method: 'POST',
      body: { ...listedStoreIds(analysis), boardId },
    });
    return res.ok && res.data.success !== false && Array.isArray(res.data.stores) ? res.data.stores : null;
  } catch {
    return null;
  }
}

export function DeliveryAnalysis({ initialBoard }: { initialBoard: InitialBoard }) {
  const board = useBoard(initialBoard);
  const boards = useCoveredBoards();
  const boardId = board.boardId;
  const info = coveredInfo(boards.state, boardId);
  const [product, setProduct] = useState<ChosenProduct | null>(null);
  const [weeksBack, setWeeksBack] = useState<WeeksBack>(0);
  const [includeOtherDrops, setIncludeOtherDrops] = useState(false);
  const [busy, setBusy] = useState<'generate' | 'refresh' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
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

  async function generate(force: boolean, target = { product, weeksBack, includeOtherDrops, boardId }) {
    if (!target.product) {
      setError('Choose a product from the suggestions first.');
      return;
    }
    const key = deliveryAnalysisCacheKey(target.product.plu, target.weeksBack, target.includeOtherDrops, target.boardId);
    setError(null);
    if (!force) {
      const hit = readCache<Cached>(key, DELIVERY_ANALYSIS_TTL_MS);
      if (hit) {
        let storesWithout = hit.value.storesWithout;
        setReport({ ...hit.value, savedAt: hit.savedAt, fromCache: true });
        if (!storesWithout) {
          // The list failed last time; try it again without redoing the analysis.
          storesWithout = await fetchStoresWithout(hit.value.analysis, target.boardId);
          if (storesWithout) {
            writeCache<Cached>(key, { ...hit.value, storesWithout });
            setReport({ ...hit.value, storesWithout, savedAt: hit.savedAt, fromCache: true });
          }
        }
        return;
      }
    }
    setBusy(force ? 'refresh' : 'generate');
    try {
      const res = await apiFetch<{ success?: boolean; analysis?: Analysis; error?: string }>('/api/inventory/delivery-analysis', {
        method: 'POST',
        body: { plu: target.product.plu, weeksBack: target.weeksBack, includeOtherDrops: target.includeOtherDrops, boardId: target.boardId },
      });
      if (!res.ok || res.data.success === false || !res.data.analysis) {
        setError(res.data.error || 'Failed to generate analysis');
        return;
      }
      const analysis = res.data.analysis;
      const storesWithout = await fetchStoresWithout(analysis, target.boardId);
      const value: Cached = { analysis, storesWithout, includeOtherDrops: target.includeOtherDrops, weeksBack: target.weeksBack, boardId: target.boardId };
      writeCache<Cached>(key, value);
      setReport({ ...value, savedAt: Date.now(), fromCache: false });
    } catch {
      setError('Failed to generate analysis');
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void generate(false);
  }

  function chooseBoard(id: number) {
    board.choose(id);
    setError(null);
    // A report is one board's: switching shows the new board's report for the same choices, when there is one.
    if (report) void generate(false, { product: report.analysis.product, weeksBack: report.weeksBack, includeOtherDrops: report.includeOtherDrops, boardId: id });
  }

  return (
    <div className="stack">
      <BoardHeader
        title="Delivery Analysis"
        subtitle={`How one product was spread across the ${boardName(boardId)} stores, and which stores went without.`}
        board={{ ...board, choose: chooseBoard }}
        info={info}
      />
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
              onClick={() => void generate(true, { product: report.analysis.product, weeksBack: report.weeksBack, includeOtherDrops: report.includeOtherDrops, boardId: report.boardId })}>
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
            <AnalysisReport report={report} estimateBase={storesEstimateBase(report.boardId, boards.state.status === 'ready' ? coveredInfo(boards.state, report.boardId)?.retail_stores : null)} />
          </div>
        )
      )}
    </div>
  );
}
