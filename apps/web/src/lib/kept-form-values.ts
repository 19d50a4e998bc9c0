import { useEffect, useState } from 'react';
import {
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormProps,
  type UseFormSetValue,
  type UseFormWatch,
  useForm,
} from 'react-hook-form';
import { isHydrating } from './hydration';

// What a person typed must not be lost: on a page prerendered at build time they can type before React has arrived
// (React 19 does not replay those changes and react-hook-form would reset the fields to its defaults), and on a
// phone that loses its connection or reloads, the public forms keep a draft on the device. Files are never kept.
const DRAFT_PREFIX = 'asbe:brouillon:';

type Kept = Record<string, string | boolean>;

const FIELDS = '#contenu input[name], #contenu textarea[name], #contenu select[name]';

/** A changed field's value, or undefined when it still holds what the prerendered HTML put there (or is a file). */
function changedValue(el: Element): string | boolean | undefined {
  if (el instanceof HTMLInputElement) {
    if (el.type === 'file') return undefined;
    if (el.type === 'checkbox') return el.checked !== el.defaultChecked ? el.checked : undefined;
    if (el.type === 'radio') return el.checked && !el.defaultChecked ? el.value : undefined;
    return el.value !== el.defaultValue ? el.value : undefined;
  }
  if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue ? el.value : undefined;
  if (el instanceof HTMLSelectElement) {
    // Without a `selected` attribute the first option is the one the HTML shows.
    const shown = Math.max(
      0,
      [...el.options].findIndex((option) => option.defaultSelected),
    );
    return el.selectedIndex !== shown ? el.value : undefined;
  }
  return undefined;
}

/**
 * The values the visitor changed in the prerendered page's fields (#contenu) before hydration, by field name, and
 * (until `stop`) those changed while React hydrates: its commit resets the fields to react-hook-form's defaults.
 */
function captureTypedBeforeHydration(): { typed: Kept; stop: () => void } {
  const typed: Kept = {};
  if (typeof document === 'undefined' || !isHydrating()) return { typed, stop: () => {} };
  const record = (el: Element) => {
    const value = changedValue(el);
    const name = el.getAttribute('name');
    if (name && value !== undefined) typed[name] = value;
  };
  for (const el of document.querySelectorAll(FIELDS)) record(el);
  const onInput = (event: Event) => {
    if (event.target instanceof Element && event.target.matches(FIELDS)) record(event.target);
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  return {
    typed,
    stop: () => {
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
    },
  };
}

function readDraft(key: string): Kept {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_PREFIX + key) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Kept) : {};
  } catch {
    return {};
  }
}

function writeDraft(key: string, values: Record<string, unknown>) {
  const kept: Kept = {};
  for (const [name, value] of Object.entries(values)) {
    if ((typeof value === 'string' && value !== '') || value === true) kept[name] = value;
  }
  try {
    if (Object.keys(kept).length) localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(kept));
    else localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage full or refused (private mode): the form still works, only without a draft.
  }
}

export function clearDraft(key: string) {
  try {
    localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {}
}

/**
 * Puts back, once mounted, what was typed before hydration and (with `draft`) the draft kept on this device, then
 * keeps the draft up to date. The draft is never sent by itself: only when the person presses the button again.
 * Applied after the first render, so the hydrated markup matches the prerendered one.
 */
export function useKeptValues<T extends FieldValues>(form: { setValue: UseFormSetValue<T>; watch: UseFormWatch<T> }, draft?: string) {
  // Started during the first render: the prerendered fields still hold what was typed; the commit resets them.
  const [capture] = useState(captureTypedBeforeHydration);
  const { setValue, watch } = form;
  useEffect(() => {
    capture.stop();
    const put = (values: Kept, shouldValidate: boolean) => {
      for (const [name, value] of Object.entries(values))
        setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate });
    };
    if (draft) put(readDraft(draft), false);
    // Checked as react-hook-form would have checked it while typing, had it been there.
    put(capture.typed, true);
    if (!draft) return;
    const subscription = watch((values) => writeDraft(draft, values));
    return () => subscription.unsubscribe();
  }, [draft, setValue, watch, capture]);
}

/**
 * A react-hook-form form whose values are kept as above (`useKeptValues`), with its field errors and
 * submitting state at hand: the set-up every form that keeps what was typed shares.
 */
export function useKeptForm<TInput extends FieldValues, TOutput = TInput>(props: UseFormProps<TInput, unknown, TOutput>, draft?: string) {
  const form = useForm<TInput, unknown, TOutput>(props);
  useKeptValues(form, draft);
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting };
}
