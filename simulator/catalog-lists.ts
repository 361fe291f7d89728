// The Commission's two catalog lists as the simulated world publishes them (issue 40, sources.md §5): the price list
// (every product of the catalog with its supplier, size and price) and the allocated and limited list (the catalog's
// Allocation and Limited products). A test or the demo announces a new product, changes a price or moves a product
// onto or off the allocated list through the control endpoints; the lists say so from then on. The world's debuts are
// announced about a month before they reach the warehouse (SimWorld.announcedDebuts), and an allocated or limited one
// is on the allocated list two weeks before, so the lists lead the warehouse and the shipments as the real ones do.
import type { AllocatedList, AllocatedListItem } from '../lib/ingest/sources/allocated-list.ts';
import type { PriceListRow } from '../lib/ingest/sources/price-list.ts';
import type { SimDataset } from './dataset.ts';
import { nyLocal, ymd } from './clock.ts';

/** A product the price list announces (a new NC code), optionally on the allocated list at once. */
export interface Announcement {
  plu: string;
  name: string;
  price: number;
  supplier?: string;
  sizeMl?: number;
  proof?: number;
  age?: string;
  stateList?: 'Allocation' | 'Limited';
}

const sizeLabel = (ml: number) => (ml >= 1000 ? `${ml / 1000}L` : `${ml}ML`);

/** Days before it reaches the warehouse that an allocated or limited debut is on the allocated list. */
export const ON_LIST_LEAD_DAYS = 14;
const DAY_MS = 86_400_000;

/** A debut the price list has announced (SimWorld.announcedDebuts). */
export interface AnnouncedDebut {
  plu: string;
  name: string;
  retailPrice: number | null;
  sizeMl: number;
  /** The type it will be classified as (null: not known). */
  listingType: string | null;
  announcedAt: number;
  warehouseFrom: number;
}

export class CatalogLists {
  private readonly announced = new Map<string, Announcement>();
  private readonly prices = new Map<string, number>();
  /** A product moved onto the list (its section) or off it (null). */
  private readonly moves = new Map<string, 'Allocation' | 'Limited' | null>();

  constructor(
    private readonly data: SimDataset,
    private readonly debuts: (nowMs: number) => AnnouncedDebut[] = () => [],
  ) {}

  announce(a: Announcement): void {
    if (!/^\d{5}$/.test(a.plu)) throw new RangeError('plu must be 5 digits');
    if (this.data.byPlu.has(a.plu) || this.announced.has(a.plu)) throw new RangeError(`${a.plu} is already in the catalog`);
    if (!(a.price > 0)) throw new RangeError('price must be positive');
    this.announced.set(a.plu, a);
    if (a.stateList) this.moves.set(a.plu, a.stateList);
  }

  setPrice(plu: string, price: number): void {
    if (!this.known(plu)) throw new RangeError(`no product ${plu}`);
    if (!(price > 0)) throw new RangeError('price must be positive');
    this.prices.set(plu, price);
  }

  moveOnList(plu: string, section: 'Allocation' | 'Limited' | null): void {
    if (!this.known(plu)) throw new RangeError(`no product ${plu}`);
    this.moves.set(plu, section);
  }

  private known(plu: string): boolean {
    return this.data.byPlu.has(plu) || this.announced.has(plu);
  }

  priceList(nowMs: number): PriceListRow[] {
    const rows: PriceListRow[] = this.data.products.map((p) => {
      const listed = p.retailPrice === null ? null : Number(p.retailPrice);
      return {
        ncCode: p.plu,
        supplier: p.supplier ?? '',
        brandName: p.name,
        age: null,
        proof: null,
        bottleSize: sizeLabel(p.sizeMl),
        sizeMl: p.sizeMl,
        retailPrice: this.prices.get(p.plu) ?? listed,
        mixedBeveragePrice: null,
      };
    });
    // A debut of a code the catalog holds replaces it on the shelves, not on the list: the list keeps one row a code.
    for (const d of this.debuts(nowMs)) {
      if (this.data.byPlu.has(d.plu) || this.announced.has(d.plu)) continue;
      rows.push({
        ncCode: d.plu,
        supplier: 'Simulated Spirits Co',
        brandName: d.name,
        age: null,
        proof: null,
        bottleSize: sizeLabel(d.sizeMl),
        sizeMl: d.sizeMl,
        retailPrice: this.prices.get(d.plu) ?? d.retailPrice,
        mixedBeveragePrice: null,
      });
    }
    for (const a of this.announced.values()) {
      const ml = a.sizeMl ?? 750;
      rows.push({
        ncCode: a.plu,
        supplier: a.supplier ?? 'Simulated Spirits Co',
        brandName: a.name,
        age: a.age ?? null,
        proof: a.proof ?? null,
        bottleSize: sizeLabel(ml),
        sizeMl: ml,
        retailPrice: this.prices.get(a.plu) ?? a.price,
        mixedBeveragePrice: null,
      });
    }
    return rows;
  }

  allocatedList(nowMs: number): AllocatedList {
    const items: AllocatedListItem[] = [];
    const add = (ncCode: string, product: string, base: 'Allocation' | 'Limited' | null) => {
      const section = this.moves.has(ncCode) ? this.moves.get(ncCode)! : base;
      if (section) items.push({ ncCode, product, listingType: section });
    };
    for (const p of this.data.products) add(p.plu, p.name, p.listingType === 'Allocation' || p.listingType === 'Limited' ? p.listingType : null);
    for (const d of this.debuts(nowMs)) {
      if (this.data.byPlu.has(d.plu) || this.announced.has(d.plu)) continue;
      const section = d.listingType === 'Allocation' || d.listingType === 'Limited' ? d.listingType : null;
      add(d.plu, d.name, section && nowMs >= d.warehouseFrom - ON_LIST_LEAD_DAYS * DAY_MS ? section : null);
    }
    for (const a of this.announced.values()) add(a.plu, a.name, null);
    return { updatedOn: ymd(nyLocal(nowMs).dayNumber), items };
  }
}
