import type { Metadata } from 'next';
import { StatewideShipments } from './statewide-shipments';

export const metadata: Metadata = { title: 'Statewide Shipments' };

/** ?search= pre-fills the search (the warehouse cards link here with the product name). */
export default async function StatewideShipmentsPage({ searchParams }: { searchParams: Promise<{ search?: string | string[] }> }) {
  const { search } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Statewide Shipments</h1>
          <p>What the state warehouse shipped to each county and city ABC board.</p>
        </div>
      </div>
      <StatewideShipments initialSearch={initialSearch} />
    </div>
  );
}
