import { useSearchParams } from './router';

/** The address parameter that names a view's open tab. */
const TAB_PARAM = 'onglet';

/**
 * A view's tab kept in the address (`onglet`), so that a reload, a bookmark or the back button opens the same screen;
 * a missing or unknown tab is `fallback`. `set` writes parameters beside the others. `select` opens a tab beside the
 * other parameters or, given `keepOnly`, in place of all of them but the ones it names (a missing one takes the
 * value given there).
 */
export function useUrlTab<K extends string>(tabs: readonly { key: K }[], fallback: NoInfer<K>, keepOnly?: Record<string, string>) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab: K = tabs.some((t) => t.key === raw) ? (raw as K) : fallback;
  const set = (patch: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) next.set(k, v);
      return next;
    });
  const select = (key: K) => {
    if (!keepOnly) return set({ [TAB_PARAM]: key });
    setParams((current) => {
      const kept = Object.entries(keepOnly).map(([k, otherwise]) => [k, current.get(k) ?? otherwise]);
      return new URLSearchParams([...kept, [TAB_PARAM, key]]);
    });
  };
  return { tab, params, set, select };
}
