import type { Metadata } from 'next';
import { StoreDirectory } from './store-directory';

export const metadata: Metadata = { title: 'Stores' };

export default function StoresPage() {
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Stores</h1>
          <p>Wake County ABC stores: where they are, when their trucks come and what they got.</p>
        </div>
      </div>
      <StoreDirectory />
    </div>
  );
}
