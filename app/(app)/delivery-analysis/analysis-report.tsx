import Link from 'next/link';
import { boardShortName, type BoardOption } from '@/lib/reports-client/boards';
import { deliveriesWithCases, estimateStoresWithoutDeliveries } from '@/lib/reports-client/delivery';
import { usDate, usTime } from '@/lib/reports-client/format';
import { weeksBackLabel, type WeeksBack } from '@/lib/reports-client/options';
import type { DeliveryAnalysis, ShipmentDay, StoreRef } from '@/lib/reports/types';
import { Collapsible } from '../../_components/reports/collapsible';
import { ShipmentDayNotes } from '../../_components/reports/shipment-day-notes';
import { Stats } from '../../_components/reports/stats';

export interface Report {
  analysis: DeliveryAnalysis;
  /** The range's days as the shipments extract says them: the notes of the days behind "Cases shipped" that were not whole. */
  shipmentDays: ShipmentDay[];
  storesWithout: StoreRef[] | null;
  includeOtherDrops: boolean;
  weeksBack: WeeksBack;
  /** The covered board the report is about. */
  boardId: number;
  savedAt: number;
  fromCache: boolean;
}

function StoreName({ store }: { store: StoreRef }) {
  return (
    <Link href={`/stores/${store.store_id}`} className="store-link">
      {store.nickname} <span className="muted">#{store.store_number}</span>
    </Link>
  );
}

/** `estimateBase`: the stores the estimate of stores without deliveries starts from (Wake: the spec's 26). */
export function AnalysisReport({ report, estimateBase, boards }: { report: Report; estimateBase: number; boards: readonly BoardOption[] }) {
  const { analysis: a, storesWithout } = report;
  const deliveries = deliveriesWithCases(a);
  const other = a.storesWithOtherDrops ?? [];
  const estimate = estimateStoresWithoutDeliveries(a, estimateBase);
  const withoutCount = storesWithout ? storesWithout.length : estimate;

  return (
    <div className="stack" data-testid="analysis-report">
      <section className="card stack-sm" aria-labelledby="analysis-summary">
        <div>
          <h2 id="analysis-summary" tabIndex={-1}>{a.product.name}</h2>
          <p className="muted small">
            PLU {a.product.plu}
            {a.product.bottles_per_case ? ` · ${a.product.bottles_per_case} bottles per case` : ''} · {weeksBackLabel(report.weeksBack)}:{' '}
            {usDate(a.dateRange.startDate)} – {usDate(a.dateRange.endDate)}
          </p>
        </div>
        <Stats
          label="Delivery summary"
          items={[
            { label: `Cases shipped to ${boardShortName(report.boardId, boards)}`, value: a.shipmentInfo?.totalCases ?? 0 },
            { label: 'Cases delivered', value: a.summary.totalCasesDelivered },
            { label: 'Stores with deliveries', value: a.summary.uniqueStores },
            ...(report.includeOtherDrops ? [{ label: 'Stores with other drops', value: other.length }] : []),
            { label: 'Stores without deliveries', value: storesWithout ? withoutCount : `~${withoutCount}` },
          ]}
        />
        <ShipmentDayNotes days={report.shipmentDays} />
        <p className="muted small" data-testid="analysis-freshness">
          {report.fromCache ? 'Saved report' : 'Generated'} at {usTime(new Date(report.savedAt).toISOString())}
          {report.fromCache ? ' (kept for 30 minutes; Refresh for the latest).' : '.'} Dates are New York dates.
        </p>
      </section>

      <Collapsible title="Deliveries" count={deliveries.length} defaultOpen testId="section-deliveries">
        {deliveries.length === 0 ? (
          <p className="muted">No store received this product in the period.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table deliveries-table">
              <caption className="sr-only">Deliveries of {a.product.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Store</th>
                  <th scope="col">Bottles</th>
                  <th scope="col">Cases</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.history_id}>
                    <td data-label="Date">{usDate(d.delivery_date)}</td>
                    <td data-label="Store">
                      <StoreName store={d} />
                      <div className="muted small">{d.address}</div>
                    </td>
                    <td data-label="Bottles">
                      {d.quantity}
                      <span className="unit"> {d.quantity === 1 ? 'bottle' : 'bottles'}</span>
                    </td>
                    <td data-label="Cases">
                      {d.cases}
                      <span className="unit"> {d.cases === 1 ? 'case' : 'cases'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Collapsible>

      {report.includeOtherDrops && (
        <Collapsible title="Stores with other drops" count={other.length} testId="section-other-drops">
          {other.length === 0 ? (
            <p className="muted">Every store that got allocated products got this one too.</p>
          ) : (
            <ul className="store-lines">
              {other.map((s) => (
                <li key={s.store_id}>
                  <div>
                    <StoreName store={s} />
                    <div className="muted small">{s.address}</div>
                    <div className="small">Got instead: {s.received_products}</div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Collapsible>
      )}

      <Collapsible title="Stores without deliveries" count={withoutCount} testId="section-without">
        {storesWithout ? (
          storesWithout.length === 0 ? (
            <p className="muted">Every store got a delivery.</p>
          ) : (
            <ul className="store-lines">
              {storesWithout.map((s) => (
                <li key={s.store_id}>
                  <div>
                    <StoreName store={s} />
                    <div className="muted small">{s.address}</div>
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : (
          <p className="muted" data-testid="without-estimate">
            About {estimate} stores (an estimate: {estimateBase} stores minus the stores already listed). The list itself could not be loaded;
            Refresh to try again.
          </p>
        )}
      </Collapsible>
    </div>
  );
}
