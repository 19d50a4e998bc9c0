import { formatZone, splitZone, ZONE_MESSAGES, type ZoneCommune } from '@shared/zones/zones';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiRequest } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';

// A zone chosen, not typed (docs/product/places.md): a commune of Benin in a native
// select grouped by department, then optionally one of its arrondissements. Native selects open the phone's own
// picker (light and usable on a cheap phone); the list comes from GET /api/zones when a zone field first shows,
// never in the page's JavaScript.

let zonesRequest: Promise<ZoneCommune[]> | null = null;

function loadZones(): Promise<ZoneCommune[]> {
  zonesRequest ??= apiRequest<ZoneCommune[]>('/zones', { token: null }).catch((error: unknown) => {
    zonesRequest = null; // the next field to show tries again
    throw error;
  });
  return zonesRequest;
}

const normalize = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

export interface ZoneFieldProps {
  label: string;
  /** The stored zone: « Cotonou » or « Cotonou — 13e arrondissement »; '' for none. */
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  required?: boolean;
  /** The commune select's name, for tests and autofill (`zone` by default). */
  name?: string;
}

export function ZoneField({ label, value, onChange, error, required, name = 'zone' }: ZoneFieldProps) {
  const id = useId();
  const [zones, setZones] = useState<ZoneCommune[] | null>(null);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);

  const load = useCallback(() => {
    setFailed(false);
    loadZones().then(
      (list) => live.current && setZones(list),
      () => live.current && setFailed(true),
    );
  }, []);

  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const byDepartment = useMemo(() => {
    const groups = new Map<string, ZoneCommune[]>();
    for (const z of zones ?? []) groups.set(z.department, [...(groups.get(z.department) ?? []), z]);
    return [...groups.entries()];
  }, [zones]);

  const { commune: typedCommune, arrondissement: typedArrondissement } = splitZone(value);
  const current = zones?.find((z) => normalize(z.commune) === normalize(typedCommune)) ?? null;
  const arrondissement = current?.arrondissements.find((a) => normalize(a) === normalize(typedArrondissement ?? '')) ?? '';
  // A zone typed before the list existed and not found in it: shown so the person knows what to replace.
  const legacy = value.trim() !== '' && zones !== null && (!current || (typedArrondissement !== null && !arrondissement));

  const errorId = `${id}-error`;
  const selectClass = cn(
    'w-full rounded-md border bg-white px-3 py-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700',
    error ? 'border-red-600' : 'border-slate-400',
  );

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 font-medium text-slate-800">
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </legend>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {ZONE_MESSAGES.loadFailed}{' '}
          <button type="button" className="underline" onClick={load}>
            Réessayer
          </button>
        </p>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-commune`} className="text-sm text-slate-700">
          {ZONE_MESSAGES.communeLabel}
        </label>
        <select
          id={`${id}-commune`}
          name={name}
          className={selectClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          disabled={zones === null}
          value={current?.commune ?? ''}
          onChange={(e) => onChange(e.target.value ? formatZone(e.target.value) : '')}
        >
          <option value="">{zones === null && !failed ? ZONE_MESSAGES.loading : ZONE_MESSAGES.communePlaceholder}</option>
          {byDepartment.map(([department, communes]) => (
            <optgroup key={department} label={department}>
              {communes.map((c) => (
                <option key={c.commune} value={c.commune}>
                  {c.commune}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {current && current.arrondissements.length > 0 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-arrondissement`} className="text-sm text-slate-700">
            {ZONE_MESSAGES.arrondissementLabel}
          </label>
          <select
            id={`${id}-arrondissement`}
            name={`${name}_arrondissement`}
            className={selectClass}
            value={arrondissement}
            onChange={(e) => onChange(formatZone(current.commune, e.target.value || null))}
          >
            <option value="">{ZONE_MESSAGES.arrondissementAll}</option>
            {current.arrondissements.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {legacy ? <p className="text-sm text-slate-600">Zone enregistrée : « {value} ». Choisissez-la dans la liste.</p> : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
