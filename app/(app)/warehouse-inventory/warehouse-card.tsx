import Link from 'next/link';
import { num, price, usDate } from '@/lib/reports-client/format';
import type { WarehouseProduct } from '@/lib/reports/types';
import { casesOnHand, productCode } from '@/lib/reports-client/warehouse';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { ProductImage } from '../../_components/reports/product-image';

/** One product's warehouse levels; the whole card opens statewide shipments searched for its name. */
export function WarehouseCard({ product: p }: { product: WarehouseProduct }) {
  const cases = casesOnHand(p.current_inventory, p.bottles_per_case);
  return (
    <Link href={`/statewide-shipments?search=${encodeURIComponent(p.product_name)}`} className="card link-card wh-card"
      data-testid="warehouse-card">
      <div className="wh-card-head">
        <ProductImage imageUrl={p.image_url} imagePath={p.image_path} size={56} />
        <div>
          <h3 className="product-name">{p.product_name}</h3>
          <div className="product-meta">
            <ListingBadge type={p.listing_type} />
            <span>{price(p.retail_price)}</span>
            <span>PLU {productCode(p)}</span>
          </div>
        </div>
      </div>
      <dl className="wh-levels">
        <div>
          <dt>Now</dt>
          <dd>
            <strong>{num(p.current_inventory)}</strong>
            <span className="wh-sub">{cases !== null ? `${num(cases)} ${cases === 1 ? 'case' : 'cases'}` : '\u00a0'}</span>
          </dd>
        </div>
        <div>
          <dt>Peak</dt>
          <dd>
            <strong>{num(p.peak_inventory)}</strong>
            <span className="wh-sub">{usDate(p.peak_inventory_date)}</span>
          </dd>
        </div>
        <div>
          <dt>Low</dt>
          <dd>
            <strong>{num(p.low_inventory)}</strong>
            <span className="wh-sub">{usDate(p.low_inventory_date)}</span>
          </dd>
        </div>
      </dl>
      <span className="sr-only">See statewide shipments</span>
    </Link>
  );
}
