import type { Metadata } from 'next';
import { DeliveryAnalysis } from './delivery-analysis';

export const metadata: Metadata = { title: 'Delivery Analysis' };

export default function DeliveryAnalysisPage() {
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Delivery Analysis</h1>
          <p>How one product was spread across the Wake County stores, and which stores went without.</p>
        </div>
      </div>
      <DeliveryAnalysis />
    </div>
  );
}
