import type { WaitingCounts } from '@shared/schemas/back-office';
import type { AdminStats } from '@shared/schemas/admin-stats';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { WAITING_PATH } from './addresses';

export type { AdminStats };

export const useAdminStats = () => useQuery({ queryKey: ['admin', 'stats'], queryFn: () => api.get<AdminStats>('/admin/stats') });

/** "2026-03" → "mars 2026" (the month is a UTC calendar month). */
export function monthLabel(month: string, style: 'long' | 'short' = 'long'): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return month;
  return d.toLocaleDateString('fr-FR', { month: style, year: style === 'long' ? 'numeric' : '2-digit', timeZone: 'UTC' });
}

export interface ZoneNeeds {
  zone: string;
  total: number;
  byNeed: Record<string, number>;
}

/** Needs-by-zone rows pivoted to one entry per zone, busiest zones first, plus the needs in order of frequency. */
/** The zones the needs chart draws (the busiest); the table below it lists them all. */
export const MAX_ZONES_CHARTED = 8;

/** The needs chart's height in pixels for `zones` zones (stats-view.tsx keeps it free while the chart loads). */
export const needsChartHeight = (zones: number) => Math.max(200, Math.min(zones, MAX_ZONES_CHARTED) * 48 + 80);

export function pivotNeeds(rows: AdminStats['needs_by_zone']): { zones: ZoneNeeds[]; needs: string[] } {
  const zones = new Map<string, ZoneNeeds>();
  const needTotals = new Map<string, number>();
  for (const r of rows) {
    const z = zones.get(r.zone) ?? { zone: r.zone, total: 0, byNeed: {} };
    z.byNeed[r.need] = (z.byNeed[r.need] ?? 0) + r.count;
    z.total += r.count;
    zones.set(r.zone, z);
    needTotals.set(r.need, (needTotals.get(r.need) ?? 0) + r.count);
  }
  return {
    zones: [...zones.values()].sort((a, b) => b.total - a.total || a.zone.localeCompare(b.zone, 'fr')),
    needs: [...needTotals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr')).map(([n]) => n),
  };
}

/** What waits for the administrator (their landing view); refreshed whenever the view is shown again. */
export const useWaitingCounts = () =>
  useQuery({ queryKey: ['admin', 'waiting'], queryFn: () => api.get<WaitingCounts>(WAITING_PATH), staleTime: 0 });
