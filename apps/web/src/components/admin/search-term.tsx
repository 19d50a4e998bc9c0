import { isShortSearch, LIST_MESSAGES } from '@shared/messages';
import { useId } from 'react';
import { TextField } from '@web/components/ui/field';

// A search box's term as the lists send it: the API refuses 1–2 characters (SEARCH_MIN_LENGTH, docs/product/http-api.md
// « Pagination »), so such a term is no search yet and the box says why.

/** What a list searches for what was typed: `q` (empty for no search) and whether the term is still too short. */
export function searchTerm(typed: string): { q: string; tooShort: boolean } {
  const tooShort = isShortSearch(typed);
  return { q: tooShort ? '' : typed.trim(), tooShort };
}

/**
 * Under a search box: the too-short message while the term has 1–2 characters. The live region stays in the page so
 * that its text is announced when it appears; the box names it in aria-describedby only while it speaks.
 */
export function SearchTooShortHint({ id, shown }: { id: string; shown: boolean }) {
  return (
    <p id={id} role="status" className="mt-1 text-sm text-slate-700">
      {shown ? LIST_MESSAGES.searchTooShort : null}
    </p>
  );
}

/** A list's search field with the too-short hint under it; `onTyped` receives what was typed. */
export function SearchTermField({
  label,
  placeholder,
  typed,
  onTyped,
}: {
  label: string;
  placeholder?: string;
  typed: string;
  onTyped: (typed: string) => void;
}) {
  const hintId = useId();
  const { tooShort } = searchTerm(typed);
  return (
    <>
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={typed}
        onChange={(e) => onTyped(e.target.value)}
        aria-describedby={tooShort ? hintId : undefined}
      />
      <SearchTooShortHint id={hintId} shown={tooShort} />
    </>
  );
}
