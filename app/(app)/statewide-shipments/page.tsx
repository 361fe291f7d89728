import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { shipmentBoardsRead, shipmentsRead } from '@/lib/reports/reads';
import { StatewideShipments } from './statewide-shipments';

export const metadata: Metadata = { title: 'Statewide Shipments' };

/** ?search= pre-fills the search (the warehouse cards link here with the product name). The first answer comes in the HTML. */
export default async function StatewideShipmentsPage({ searchParams }: { searchParams: Promise<{ search?: string | string[] }> }) {
  const { search } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  // The screen's opening filters are the API's defaults; only the search comes from the address.
  const [shipments, boards] = await Promise.all([
    firstAnswer(shipmentsRead, { query: { searchTerm: initialSearch.trim() } }),
    firstAnswer(shipmentBoardsRead),
  ]);
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Statewide Shipments</h1>
          <p>What the state warehouse shipped to each county and city ABC board.</p>
        </div>
      </div>
      <StatewideShipments initialSearch={initialSearch} first={{ shipments: shipments ? { shipments: shipments.shipments, days: shipments.days ?? [], boardPrecision: shipments.board_precision ?? {} } : null, boards: boards?.boards ?? null }} />
    </div>
  );
}
