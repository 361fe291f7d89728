import type { Metadata } from 'next';
import { firstAnswer } from '@/lib/api/handler';
import { warehouseRead } from '@/lib/reports/reads';
import { WarehouseInventory } from './warehouse-inventory';

export const metadata: Metadata = { title: 'Warehouse Inventory' };

/** The default period's hunted products come in the HTML (the API's defaults are the screen's opening filters). */
export default async function WarehouseInventoryPage() {
  const first = await firstAnswer(warehouseRead);
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Warehouse Inventory</h1>
          <p>What is left at the NC ABC state warehouse, with the period&apos;s peak and low. Tap a product to see where it shipped.</p>
        </div>
      </div>
      <WarehouseInventory first={first} />
    </div>
  );
}
