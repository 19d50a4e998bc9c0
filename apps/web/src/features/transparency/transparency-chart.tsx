import { formatFcfa } from '@shared/format';
import type { Transparency } from '@shared/schemas/treasury';
import { MonthlyBars } from '@web/components/charts/monthly-bars';
import { monthName } from './months';

// Loaded once the figures have arrived (recharts stays out of the page's first load); the table beside it carries
// the same figures for everyone.

export default function TransparencyChart({ months }: { months: Transparency['causes'][number]['months'] }) {
  const data = months.map((m) => ({ label: monthName(m.month, true), Collecté: m.raised, Dépensé: m.spent }));
  return (
    // overflow-hidden: recharts keeps its hidden tooltip box in the page, where it could stick out past a phone's edge.
    <MonthlyBars
      data={data}
      series={[
        { key: 'Collecté', color: '#065f46' },
        { key: 'Dépensé', color: '#b45309' },
      ]}
      format={formatFcfa}
      className="h-56 overflow-hidden"
    />
  );
}
