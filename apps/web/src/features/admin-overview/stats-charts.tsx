import { formatFcfa, formatNumber } from '@shared/format';
import { MonthlyBars } from '@web/components/charts/monthly-bars';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type AdminStats, MAX_ZONES_CHARTED, monthLabel, needsChartHeight, type ZoneNeeds } from './api';

// recharts lives only in this chunk, loaded when the statistics view opens. The charts are pictures for
// sighted readers (aria-hidden); the tables next to them carry the same figures for everyone.

const NEED_COLORS = ['#065f46', '#b45309', '#1d4ed8', '#be123c', '#6d28d9', '#0f766e', '#a16207', '#4338ca', '#9f1239', '#334155'];

export function MoneyChart({ monthly }: { monthly: AdminStats['monthly'] }) {
  const data = monthly.map((m) => ({ label: monthLabel(m.month, 'short'), Dons: m.donations_total, Paiements: m.payments_total }));
  return (
    <MonthlyBars
      data={data}
      series={[
        { key: 'Dons', color: '#065f46' },
        { key: 'Paiements', color: '#b45309' },
      ]}
      format={formatFcfa}
      className="h-72"
    />
  );
}

export function NeedsChart({ zones, needs }: { zones: ZoneNeeds[]; needs: string[] }) {
  const data = zones.slice(0, MAX_ZONES_CHARTED).map((z) => ({ zone: z.zone, ...z.byNeed }));
  return (
    <div aria-hidden="true" className="w-full" style={{ height: needsChartHeight(data.length) }}>
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
  return (
    <MonthlyBars
      data={data}
      series={[
        { key: 'SMS', color: '#1d4ed8' },
        { key: 'WhatsApp', color: '#15803d' },
        { key: 'E-mail', color: '#b45309' },
      ]}
      stacked
      format={formatNumber}
      className="h-64"
      yAxisWidth={56}
    />
  );
}
