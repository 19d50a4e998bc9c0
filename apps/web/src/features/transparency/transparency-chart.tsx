import { formatFcfa, formatTick, niceTicks } from '@shared/format';
import type { Transparency } from '@shared/schemas/treasury';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthName } from './months';

// recharts lives only in this chunk, loaded once the figures have arrived. The chart is a picture for sighted
// readers (aria-hidden); the table beside it carries the same figures for everyone.

export default function TransparencyChart({ months }: { months: Transparency['causes'][number]['months'] }) {
  const data = months.map((m) => ({ label: monthName(m.month, true), Collecté: m.raised, Dépensé: m.spent }));
  const yTicks = niceTicks(Math.max(0, ...data.map((d) => Math.max(d.Collecté, d.Dépensé))));
  return (
    // overflow-hidden: recharts keeps its hidden tooltip box in the page, where it could stick out past a phone's edge.
    <div aria-hidden="true" className="h-56 w-full overflow-hidden">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          {/* Round ticks (« 0, 2 000, 4 000 »), never « 2 k / 3 k / 5 k » (issue #33 item 14). */}
          <YAxis
            ticks={yTicks}
            domain={[0, yTicks[yTicks.length - 1]!]}
            interval={0}
            tickFormatter={(v) => formatTick(Number(v))}
            tick={{ fontSize: 12 }}
            width={64}
          />
          <Tooltip formatter={(value) => formatFcfa(Number(value))} />
          <Legend />
          <Bar dataKey="Collecté" fill="#065f46" radius={[3, 3, 0, 0]} />
          <Bar dataKey="Dépensé" fill="#b45309" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
