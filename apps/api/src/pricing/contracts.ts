import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type PriceTier } from '@b2b/shared';
import { queryRows, type AppDb, type AppTx } from '../db/client.js';
import { cartItems, companyMembers, customers, priceListCustomers, priceListLines, priceLists } from '../db/schema.js';
import { holding } from '../db/holding.js';

/*
 * The contract prices that may apply to some buyers and products (docs/architecture.md, "Contract
 * prices"): every valid price list assigned to the customer each buyer is — their company, or
 * themselves when they have none — with its line for each of the products, or its discount.
 * Read in one statement, fresh on every request: a member who leaves a company loses its prices
 * at their next one, and a list outside its dates counts for nobody.
 */

/** The list a contract price comes from. */
export interface PriceListRef {
  id: string;
  name: string;
  validFrom: string | null;
  validUntil: string | null;
}

/** A line's ladder: its unit price and its own tiers. */
export interface ContractLine {
  list: PriceListRef;
  price: number;
  priceTiers: readonly PriceTier[];
}

/** A list's discount on every product of its seller that it has no line for. */
export interface ContractDiscount {
  list: PriceListRef;
  sellerId: string;
  percent: number;
}

/** What one buyer's lists say about the products asked for. */
export interface BuyerContracts {
  /** The lines, by product. */
  lines: Map<string, ContractLine[]>;
  /** The discounts, with the products each list has a line for (a line wins over its own list's discount). */
  discounts: (ContractDiscount & { lined: Set<string> })[];
}

interface ContractRow {
  uid: string;
  list_id: string;
  list_name: string;
  valid_from: string | null;
  valid_until: string | null;
  seller_id: string;
  discount_percent: string | number | null;
  product_id: string | null;
  price: string | number | null;
  tiers: PriceTier[] | string | null;
}

/** Today in the shop's calendar (UTC), as the lists' dates are written. */
export const SHOP_TODAY = sql`(now() at time zone 'UTC')::date`;

/**
 * The contracts of `uids` for `productIds` (or `held`: the products they hold in their cart now),
 * by buyer. A buyer with no valid list is absent.
 */
export async function loadContracts(
  executor: AppDb | AppTx,
  uids: readonly string[],
  productIds: readonly string[] | 'held',
): Promise<Map<string, BuyerContracts>> {
  const byBuyer = new Map<string, BuyerContracts>();
  if (uids.length === 0 || (productIds !== 'held' && productIds.length === 0)) return byBuyer;
  const products: SQL =
    productIds === 'held'
      ? sql`(select ${cartItems.productId} from ${cartItems} where ${cartItems.userUid} = b.uid and ${holding()})`
      : sql`(select unnest(${sql.param([...new Set(productIds)])}::uuid[]))`;
  const rows = await queryRows<ContractRow>(
    executor,
    sql`
      with b as (
        select u.uid, m.company_id
        from unnest(${sql.param([...new Set(uids)])}::text[]) as u(uid)
        left join ${companyMembers} m on m.uid = u.uid
      )
      select b.uid, pl.id as list_id, pl.name as list_name, pl.valid_from::text as valid_from, pl.valid_until::text as valid_until,
             pl.seller_id, pl.discount_percent,
             l.product_id, l.price, l.tiers
      from b
      join lateral (
        select c.id, c.seller_id from ${customers} c where c.company_id = b.company_id
        union all
        select c.id, c.seller_id from ${customers} c where b.company_id is null and c.buyer_uid = b.uid
      ) c on true
      join ${priceListCustomers} plc on plc.customer_id = c.id
      join ${priceLists} pl on pl.id = plc.price_list_id and pl.seller_id = c.seller_id
      left join ${priceListLines} l on l.price_list_id = pl.id and l.product_id in ${products}
      where (pl.valid_from is null or pl.valid_from <= ${SHOP_TODAY})
        and (pl.valid_until is null or pl.valid_until >= ${SHOP_TODAY})
        and (l.product_id is not null or pl.discount_percent is not null)`,
  );
  const discounts = new Map<string, ContractDiscount & { lined: Set<string> }>();
  for (const row of rows) {
    let buyer = byBuyer.get(row.uid);
    if (!buyer) byBuyer.set(row.uid, (buyer = { lines: new Map(), discounts: [] }));
    const list = { id: row.list_id, name: row.list_name, validFrom: row.valid_from, validUntil: row.valid_until };
    if (row.discount_percent !== null) {
      const key = `${row.uid} ${row.list_id}`;
      let discount = discounts.get(key);
      if (!discount) {
        discount = { list, sellerId: row.seller_id, percent: Number(row.discount_percent), lined: new Set() };
        discounts.set(key, discount);
        buyer.discounts.push(discount);
      }
      if (row.product_id) discount.lined.add(row.product_id);
    }
    if (row.product_id && row.price !== null) {
      const tiers = typeof row.tiers === 'string' ? (JSON.parse(row.tiers) as PriceTier[]) : (row.tiers ?? []);
      const line = { list, price: Number(row.price), priceTiers: tiers };
      buyer.lines.set(row.product_id, [...(buyer.lines.get(row.product_id) ?? []), line]);
    }
  }
  return byBuyer;
}

/** `price` less `percent`%, in cents rounded half away from zero (the shop's one rounding rule). */
export function discounted(price: number, percent: number): number {
  const basisPoints = BigInt(Math.round(percent * 100));
  const cents = toCents(price) * (10_000n - basisPoints);
  return fromCents((cents + 5_000n) / 10_000n);
}
