import { Link } from 'react-router';
import type { Dashboard } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { SalesChart } from './sales-chart';
import { TopProductsChart } from './top-products-chart';

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      <dd className="text-xs text-base-content/60">{hint}</dd>
    </div>
  );
}

/** The seller's overview: totals, the 30-day chart, orders to confirm, top products, low stock. */
export function DashboardView({ data }: { data: Dashboard }) {
  const { totals, receivables, awaitingConfirmation, topProducts, lowStock } = data;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <Stat label="Orders" value={formatCount(totals.orders)} hint="last 30 days, without cancelled ones" />
        <Stat label="Revenue" value={formatPrice(totals.revenue)} hint="last 30 days, without cancelled ones" />
        <Stat
          label="Waiting for you"
          value={formatCount(awaitingConfirmation.count)}
          hint={awaitingConfirmation.count === 1 ? 'order to confirm' : 'orders to confirm'}
        />
        <Stat label="Receivables" value={formatPrice(receivables.owed)} hint="invoiced and not paid yet" />
        <Stat label="Overdue" value={formatPrice(receivables.overdue)} hint="of it past its due date" />
      </dl>
      <SalesChart days={data.days} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="awaiting" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4 sm:p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="awaiting" className="text-lg font-semibold">
                Waiting for confirmation
              </h2>
              <Link to={`${paths.sales}?status=placed`} className="link text-sm link-primary">
                All in Sales
              </Link>
            </div>
            {awaitingConfirmation.orders.length === 0 ? (
              <p className="text-base-content/70">Nothing to confirm: every order has an answer.</p>
            ) : (
              <ul className="divide-y divide-base-300">
                {awaitingConfirmation.orders.map((order) => (
                  <li key={order._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <div className="min-w-0">
                      <Link to={paths.order(order._id)} className="link font-semibold link-primary">
                        {order.orderNumber}
                      </Link>
                      <p className="text-sm break-all text-base-content/70">{order.buyerName || order.buyerEmail}</p>
                    </div>
                    <div className="text-right text-sm">
                      <p className="font-semibold">{formatPrice(order.total)}</p>
                      <p className="text-base-content/70">
                        <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <section aria-labelledby="low-stock" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4 sm:p-6">
            <h2 id="low-stock" className="text-lg font-semibold">
              Low on stock
            </h2>
            {lowStock.length === 0 ? (
              <p className="text-base-content/70">Every product has at least two minimum orders in stock.</p>
            ) : (
              <ul className="divide-y divide-base-300">
                {lowStock.map((product) => (
                  <li key={product._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words">{product.name}</p>
                      <p
                        className={`text-sm ${product.quantity < product.minSellQty ? 'text-error' : 'text-base-content/70'}`}
                      >
                        {formatCount(product.quantity)} in stock, minimum order {formatCount(product.minSellQty)}
                        {product.quantity < product.minSellQty ? ': buyers cannot order it' : ''}
                      </p>
                    </div>
                    <Link to={paths.updateProduct(product._id)} className="btn btn-outline btn-primary btn-xs">
                      Add stock<span className="sr-only">: {product.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
      <TopProductsChart products={topProducts} />
    </div>
  );
}
