import type { Metadata } from 'next';
import { WarehouseInventory } from './warehouse-inventory';

export const metadata: Metadata = { title: 'Warehouse Inventory' };

export default function WarehouseInventoryPage() {
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Warehouse Inventory</h1>
          <p>What is left at the NC ABC state warehouse, with the period&apos;s peak and low. Tap a product to see where it shipped.</p>
        </div>
      </div>
      <WarehouseInventory />
    </div>
  );
}
