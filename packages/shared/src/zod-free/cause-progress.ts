// Cause progress: what the browser needs without zod (the schemas in schemas/cause-progress.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).
import type { CauseProgress } from '../schemas/cause-progress';

/** Progress towards a goal as a whole percentage, capped at 100; null without a goal. */
export function progressPercent(item: Pick<CauseProgress, 'raised' | 'goal'>): number | null {
  if (!item.goal) return null;
  return Math.min(100, Math.floor((item.raised / item.goal) * 100));
}
