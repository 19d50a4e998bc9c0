import { formatFcfa, formatNumber } from '@shared/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type AdminStats, monthLabel, type ZoneNeeds } from '../api/admin-stats';

// recharts lives only in this chunk, loaded when the statistics view opens. The charts are pictures for
// sighted readers (aria-hidden); the tables next to them carry the same figures for everyone.

const NEED_COLORS = ['#065f46', '#b45309', '#1d4ed8', '#be123c', '#6d28d9', '#0f766e', '#a16207', '#4338ca', '#9f1239', '#334155'];
const MAX_ZONES_CHARTED = 8;

const compactFcfa = (v: number) =>
  v >= 1_000_000
    ? `${formatNumber(Math.round(v / 100_000) / 10)} M`
    : v >= 1_000
      ? `${formatNumber(Math.round(v / 1_000))} k`
      : formatNumber(v);

export function MoneyChart({ monthly }: { monthly: AdminStats['monthly'] }) {
  const data = monthly.map((m) => ({ label: monthLabel(m.month, 'short'), Dons: m.donations_total, Paiements: m.payments_total }));
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tickFormatter={compactFcfa} tick={{ fontSize: 12 }} width={56} />
          <Tooltip formatter={(value) => formatFcfa(Number(value))} />
          <Legend />
          <Bar dataKey="Dons" fill="#065f46" radius={[3, 3, 0, 0]} />
          <Bar dataKey="Paiements" fill="#b45309" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function NeedsChart({ zones, needs }: { zones: ZoneNeeds[]; needs: string[] }) {
  const data = zones.slice(0, MAX_ZONES_CHARTED).map((z) => ({ zone: z.zone, ...z.byNeed }));
  return (
    <div aria-hidden="true" className="w-full" style={{ height: Math.max(200, data.length * 48 + 80) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="zone" width={96} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          {needs.map((need, i) => (
            <Bar key={need} dataKey={need} stackId="needs" fill={NEED_COLORS[i % NEED_COLORS.length]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
