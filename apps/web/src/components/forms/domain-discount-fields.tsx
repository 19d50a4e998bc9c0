import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';
import { TextField } from '@web/components/ui/field';

// Provider domains as a group of checkboxes (a multi-select that works with a thumb and a screen reader),
// with a discount percentage input for each selected domain. Used by /information and the provider dashboard.
export interface DomainDiscountFieldsProps {
  domains: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  /** Input props (react-hook-form `register`) of a selected domain's discount; omit to hide the discounts. */
  discountProps?: (domain: string) => InputHTMLAttributes<HTMLInputElement>;
  discountError?: (domain: string) => string | undefined;
}

export function DomainDiscountFields({ domains, selected, onChange, error, discountProps, discountError }: DomainDiscountFieldsProps) {
  const id = useId();
  const toggle = (domain: string, checked: boolean) =>
    onChange(checked ? domains.filter((d) => d === domain || selected.includes(d)) : selected.filter((d) => d !== domain));
  return (
    <div className="flex flex-col gap-3">
      <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
        <legend className="mb-2 font-medium text-slate-800">Domaines</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {domains.map((domain) => (
            <label
              key={domain}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
            >
              <input
                type="checkbox"
                value={domain}
                checked={selected.includes(domain)}
                onChange={(e) => toggle(domain, e.target.checked)}
                className="h-4 w-4 accent-emerald-800"
              />
              <span>{domain}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      {discountProps && selected.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {selected.map((domain) => (
            <TextField
              key={domain}
              label={`Réduction ${domain} (%)`}
              inputMode="numeric"
              maxLength={2}
              placeholder="0 à 99"
              error={discountError?.(domain)}
              {...discountProps(domain)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
