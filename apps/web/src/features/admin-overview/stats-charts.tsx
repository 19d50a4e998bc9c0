import { formatFcfa, formatNumber, formatTick, niceTicks } from '@shared/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type AdminStats, monthLabel, type ZoneNeeds } from './api';

// recharts lives only in this chunk, loaded when the statistics view opens. The charts are pictures for
// sighted readers (aria-hidden); the tables next to them carry the same figures for everyone.

const NEED_COLORS = ['#065f46', '#b45309', '#1d4ed8', '#be123c', '#6d28d9', '#0f766e', '#a16207', '#4338ca', '#9f1239', '#334155'];
const MAX_ZONES_CHARTED = 8;

/** Round ticks (« 0, 2 000, 4 000 ») up to the largest value of the given keys. */
const ticksFor = (rows: ReadonlyArray<Record<string, unknown>>, keys: string[], stacked = false) =>
  niceTicks(
    Math.max(
      0,
      ...rows.map((r) =>
        stacked ? keys.reduce((sum, k) => sum + Number(r[k] ?? 0), 0) : Math.max(0, ...keys.map((k) => Number(r[k] ?? 0))),
      ),
    ),
  );

export function MoneyChart({ monthly }: { monthly: AdminStats['monthly'] }) {
  const data = monthly.map((m) => ({ label: monthLabel(m.month, 'short'), Dons: m.donations_total, Paiements: m.payments_total }));
  const yTicks = ticksFor(data, ['Dons', 'Paiements']);
  return (
    <div aria-hidden="true" className="h-72 w-full">
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
            width={64}
          />
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

export function MessagesChart({ months }: { months: AdminStats['messages_by_channel'] }) {
  const data = months.map((m) => ({ label: monthLabel(m.month, 'short'), SMS: m.sms, WhatsApp: m.whatsapp, 'E-mail': m.email }));
  const yTicks = ticksFor(data, ['SMS', 'WhatsApp', 'E-mail'], true);
  return (
    <div aria-hidden="true" className="h-64 w-full">
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
            width={56}
          />
          <Tooltip formatter={(value) => formatNumber(Number(value))} />
          <Legend />
          <Bar dataKey="SMS" stackId="messages" fill="#1d4ed8" />
          <Bar dataKey="WhatsApp" stackId="messages" fill="#15803d" />
          <Bar dataKey="E-mail" stackId="messages" fill="#b45309" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
