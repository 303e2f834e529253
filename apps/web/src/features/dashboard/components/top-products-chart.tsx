import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'react-router';
import type { Dashboard } from '@b2b/shared';
import { paths } from '@/config/paths';
import { formatPrice, formatUnits, formatWholePrice } from '@/lib/format';
import { ChartFigure, ChartTable } from './chart-figure';

const PRIMARY = 'oklch(51.1% 0.262 276.966)';
const shorten = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/** The five products that brought the most revenue in the last 30 days. */
export function TopProductsChart({ products }: { products: Dashboard['topProducts'] }) {
  const [first] = products;
  const summary = first
    ? `By revenue in the last 30 days; ${first.name} leads with ${formatPrice(first.revenue)}.`
    : 'By revenue in the last 30 days: nothing sold yet.';
  return (
    <ChartFigure
      title="Top products"
      summary={summary}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={products}
            layout="vertical"
            margin={{ top: 4, right: 12, bottom: 0, left: 4 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="oklch(92.9% 0.013 255.508)" />
            <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={(value: number) => formatWholePrice(value)} />
            <YAxis type="category" dataKey="name" tick={{ fontSize: 11 }} width={110} tickFormatter={shorten} />
            <Tooltip formatter={(value) => formatPrice(Number(value))} />
            <Bar
              dataKey="revenue"
              name="Revenue"
              fill={PRIMARY}
              radius={[0, 3, 3, 0]}
              maxBarSize={22}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <ChartTable
          caption="Top products by revenue, last 30 days"
          columns={['Product', 'Sold', 'Revenue']}
          rows={products.map((product) => ({
            key: product.productId,
            head: (
              <Link to={paths.productDetails(product.productId)} className="link link-hover">
                {product.name}
              </Link>
            ),
            figures: [formatUnits(product.units), formatPrice(product.revenue)],
          }))}
        />
      }
    />
  );
}
