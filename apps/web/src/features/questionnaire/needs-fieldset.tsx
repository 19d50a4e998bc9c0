import { LIMITS, QUESTIONNAIRE_NEEDS } from '@shared/constants';
import { QUESTIONNAIRE_MESSAGES } from '@shared/schemas/questionnaire';
import { useId, useState } from 'react';

/** Needs checkboxes: a 4th tick is refused on the spot with the spec's message (at most 3 needs). */
export function NeedsFieldset({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const id = useId();
  const [limitReached, setLimitReached] = useState(false);
  const message = limitReached ? QUESTIONNAIRE_MESSAGES.needsMax : error;
  const toggle = (need: string, checked: boolean) => {
    if (checked && value.length >= LIMITS.maxNeeds) {
      setLimitReached(true);
      return;
    }
    setLimitReached(false);
    onChange(checked ? [...value, need] : value.filter((n) => n !== need));
  };
  return (
    <fieldset aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}>
      <legend className="font-medium text-slate-800">Besoins</legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
        Cochez jusqu'à {LIMITS.maxNeeds} besoins prioritaires ({value.length}/{LIMITS.maxNeeds}).
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {QUESTIONNAIRE_NEEDS.map((need) => (
          <label
            key={need}
            className="flex min-h-11 min-w-0 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-2 text-[0.9375rem] sm:px-3 sm:text-base has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
          >
            <input
              type="checkbox"
              name="needs"
              value={need}
              checked={value.includes(need)}
              onChange={(e) => toggle(need, e.target.checked)}
              className="h-4 w-4 shrink-0 accent-emerald-800"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{need}</span>
          </label>
        ))}
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
