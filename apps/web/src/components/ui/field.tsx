import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '@web/lib/cn';

// Labelled form controls whose error is announced next to the field (aria-invalid + aria-describedby + role=alert).

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const controlClass = (error?: string) =>
  cn(
    'w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700 [&[readonly]]:bg-slate-50',
    error ? 'border-red-600' : 'border-slate-400',
  );

const describedBy = (id: string, error?: string, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** What every labelled field takes besides its control's own attributes. */
interface LabelledProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

/** The field's id (the one given, or a generated one) and the attributes that tie its control to the label and messages. */
function useControlProps(id: string | undefined, error?: string, hint?: ReactNode) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(fieldId, error, hint) } as const;
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, LabelledProps {}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, containerClassName, className, ...rest },
  ref,
) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={containerClassName}>
      {rest.type === 'file' ? (
        <FileInput ref={ref} id={control.id} error={error} describedBy={control['aria-describedby']} {...rest} />
      ) : (
        <input ref={ref} {...control} className={cn(controlClass(error), className)} {...rest} />
      )}
    </FieldShell>
  );
});

/**
 * A file input whose visible text is always French ("Choisir un fichier" / "Aucun fichier choisi" / the
 * chosen name), whatever the browser's language. The real input covers the box, transparent: it keeps the
 * label, keyboard focus, screen-reader name and the form library's ref; a form reset empties the name.
 */
const FileInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { error?: string; describedBy?: string }>(
  function FileInput({ error, describedBy: described, onChange, className: _className, ...rest }, ref) {
    const [fileName, setFileName] = useState('');
    const inputRef = useRef<HTMLInputElement | null>(null);
    const setRefs = useCallback(
      (node: HTMLInputElement | null) => {
        inputRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      },
      [ref],
    );
    useEffect(() => {
      const form = inputRef.current?.form;
      if (!form) return;
      const clear = () => setFileName('');
      form.addEventListener('reset', clear);
      return () => form.removeEventListener('reset', clear);
    }, []);
    return (
      <div
        className={cn(
          'relative flex min-h-11 w-full items-center gap-3 rounded-md border bg-white px-2 py-1.5 focus-within:ring-2 focus-within:ring-emerald-700',
          error ? 'border-red-600' : 'border-slate-400',
        )}
      >
        <span aria-hidden className="shrink-0 rounded bg-emerald-50 px-3 py-1.5 font-medium text-emerald-900 ring-1 ring-emerald-200">
          Choisir un fichier
        </span>
        <span aria-hidden className="min-w-0 truncate text-slate-700">
          {fileName || 'Aucun fichier choisi'}
        </span>
        <input
          ref={setRefs}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
          onChange={(e) => {
            setFileName(e.target.files?.[0]?.name ?? '');
            onChange?.(e);
          }}
          {...rest}
        />
      </div>
    );
  },
);

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, LabelledProps {}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, containerClassName, className, ...rest },
  ref,
) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={containerClassName}>
      <textarea ref={ref} {...control} className={cn(controlClass(error), 'min-h-28', className)} {...rest} />
    </FieldShell>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, LabelledProps {
  options: ReadonlyArray<{ value: string; label: string }>;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, options, containerClassName, className, ...rest },
  ref,
) {
  const control = useControlProps(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint} className={containerClassName}>
      <select ref={ref} {...control} className={cn(controlClass(error), className)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
