import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardDay } from '@b2b/shared';
import { formatCount, formatPrice, formatWholePrice } from '@/lib/format';
import { ChartFigure, ChartTable } from './chart-figure';

const PRIMARY = 'oklch(51.1% 0.262 276.966)';
const ACCENT = 'oklch(66.6% 0.179 58.318)';

/** "2026-11-24" → "Nov 24" (UTC, as the API counts days). */
export function dayLabel(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Orders (bars) and revenue (line) per day over the last 30 days. */
export function SalesChart({ days }: { days: DashboardDay[] }) {
  const best = days.reduce<DashboardDay | null>((top, day) => (!top || day.revenue > top.revenue ? day : top), null);
  const summary =
    best && best.revenue > 0
      ? `Orders and revenue per day; the best day was ${dayLabel(best.date)} with ${formatPrice(best.revenue)}.`
      : 'Orders and revenue per day: no orders in these 30 days yet.';
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <ChartFigure
      title="Last 30 days"
      summary={summary}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="oklch(92.9% 0.013 255.508)" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
            <YAxis
              yAxisId="revenue"
              orientation="right"
              tick={{ fontSize: 11 }}
              width={56}
              tickFormatter={(value: number) => formatWholePrice(value)}
            />
            <Tooltip
              formatter={(value, name) =>
                name === 'Revenue' ? formatPrice(Number(value)) : formatCount(Number(value))
              }
            />
            <Bar
              yAxisId="orders"
              dataKey="orders"
              name="Orders"
              fill={PRIMARY}
              radius={[3, 3, 0, 0]}
              maxBarSize={18}
              isAnimationActive={false}
            />
            <Line
              yAxisId="revenue"
              dataKey="revenue"
              name="Revenue"
              stroke={ACCENT}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      }
      table={
        <ChartTable
          caption="Orders and revenue per day, last 30 days"
          columns={['Day', 'Orders', 'Revenue']}
          rows={days.map((day) => ({
            key: day.date,
            head: <time dateTime={day.date}>{dayLabel(day.date)}</time>,
            figures: [formatCount(day.orders), formatPrice(day.revenue)],
          }))}
        />
      }
    />
  );
}
