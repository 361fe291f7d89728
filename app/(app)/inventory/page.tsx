import type { Metadata } from 'next';
import { CurrentInventory } from './current-inventory';

export const metadata: Metadata = { title: 'Current Inventory' };

/** ?search= pre-fills the search (arrival alert e-mails link here with the product's PLU). */
export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ search?: string | string[] }> }) {
  const { search } = await searchParams;
  const initialSearch = typeof search === 'string' ? search.slice(0, 100) : '';
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Current Inventory</h1>
          <p>Allocated, limited and barrel bottles on Wake County ABC shelves right now.</p>
        </div>
      </div>
      <aside className="alert alert-warn small disclaimers" aria-label="Before you go">
        <ul>
          <li>Counts come from public Wake County ABC pages and may not be real-time.</li>
          <li>Mixed-beverage permit holders (bars and restaurants) can claim bottles too, so shelves empty fast.</li>
          <li>Call the store before you drive there.</li>
        </ul>
      </aside>
      <CurrentInventory initialSearch={initialSearch} />
    </div>
  );
}
