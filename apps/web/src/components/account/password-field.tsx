import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useId, useState } from 'react';
import { FieldShell } from '@web/components/ui/field';
import { cn } from '@web/lib/cn';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A password input with a show/hide toggle (docs/product/screens.md, docs/product/validation.md). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [isVisible, setVisible] = useState(false);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined}
          className={cn(
            'w-full rounded-md border bg-white py-2 pr-12 pl-3 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700',
            error ? 'border-red-600' : 'border-slate-400',
            className,
          )}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={isVisible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
          aria-pressed={isVisible}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {isVisible ? <EyeOff aria-hidden size={20} /> : <Eye aria-hidden size={20} />}
        </button>
      </div>
    </FieldShell>
  );
});
