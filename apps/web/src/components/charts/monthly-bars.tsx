import { formatTick, niceTicks } from '@shared/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// One bar per month and series, as every monthly chart of the product draws it (statistics, transparency). Import
// it only from a lazily loaded chunk: recharts must stay out of the pages' first load. A picture for sighted readers
// (aria-hidden): the table beside each chart carries the same figures for everyone.

export type MonthlyRow = { label: string } & Record<string, string | number>;

export interface MonthlyBarsProps {
  data: MonthlyRow[];
  /** The series: the key in each row (also the legend's words) and its colour. */
  series: ReadonlyArray<{ key: string; color: string }>;
  /** Stacked bars (parts of one total) rather than side by side. */
  stacked?: boolean;
  /** The tooltip's figure (« 5 000 FCFA », « 1 200 »). */
  format: (value: number) => string;
  /** Height (and overflow) classes of the box. */
  className: string;
  yAxisWidth?: number;
}

export function MonthlyBars({ data, series, stacked = false, format, className, yAxisWidth = 64 }: MonthlyBarsProps) {
  const keys = series.map((s) => s.key);
  // Round ticks (« 0, 2 000, 4 000 »), never « 2 k / 3 k / 5 k » (issue #33 item 14), up to the tallest bar.
  const yTicks = niceTicks(
    Math.max(
      0,
      ...data.map((r) =>
        stacked ? keys.reduce((sum, k) => sum + Number(r[k] ?? 0), 0) : Math.max(0, ...keys.map((k) => Number(r[k] ?? 0))),
      ),
    ),
  );
  return (
    <div aria-hidden="true" className={`w-full ${className}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis
            ticks={yTicks}
            domain={[0, yTicks[yTicks.length - 1]!]}
            interval={0}
            tickFormatter={(v) => formatTick(Number(v))}
            tick={{ fontSize: 12 }}
            width={yAxisWidth}
          />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend />
          {series.map((s) =>
            stacked ? (
              <Bar key={s.key} dataKey={s.key} stackId="stack" fill={s.color} />
            ) : (
              <Bar key={s.key} dataKey={s.key} fill={s.color} radius={[3, 3, 0, 0]} />
            ),
          )}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
