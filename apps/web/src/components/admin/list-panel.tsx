import { LIST_MESSAGES } from '@shared/messages';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '@web/components/dashboard/data-table';
import { TITLE_CLASSES } from '@web/components/dashboard/table-classes';
import { Spinner } from '@web/components/ui/spinner';
import { revealApp } from '@web/lib/prefetched';
import { Search } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import { ADMIN_TEXT } from './admin-texts';
import { ADMIN_PAGE_SIZE, type PageFetcher } from './page-fetchers';
import { ExportButton, type ExportSource } from './export-button';
import { SearchTooShortHint, searchTerm } from './search-term';

const SEARCH_DEBOUNCE_MS = 350;

/** The debounced search term: the server is asked once the person stops typing. */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface ListPanelProps<T> {
  title: string;
  /** Cache key of the list; the page and the search are appended. */
  listKey: QueryKey;
  fetchPage: PageFetcher<T>;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** Shown instead of the list when it cannot be fetched (docs/product/errors.md). */
  errorText: string;
  searchPlaceholder?: string;
  /** Above the table (filters, tabs). */
  toolbar?: ReactNode;
  /** The list's API path and on-screen filters: shows « Exporter » (CSV of every matching row). */
  exportFrom?: ExportSource;
}

/** A titled, searchable, server-paginated list (a page of 20 at a time, fast at 100 000 rows). */
export function ListPanel<T>({
  title,
  listKey,
  fetchPage,
  columns,
  rowKey,
  emptyText,
  errorText,
  searchPlaceholder,
  toolbar,
  exportFrom,
}: ListPanelProps<T>) {
  const [term, setTerm] = useState('');
  // A 1–2 character term is no search yet (the API refuses it): the list stays as it is and the box says why.
  const { q, tooShort } = searchTerm(useDebounced(term.trim(), SEARCH_DEBOUNCE_MS));
  // The page belongs to a search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ q, page: next }), [q]);
  const searchId = useId();
  const query = useQuery({
    queryKey: [...listKey, { page, q }],
    queryFn: () => fetchPage({ page, perPage: ADMIN_PAGE_SIZE, q }),
    placeholderData: keepPreviousData,
    // Reopening a list shows the page kept in memory at once and asks the server again behind it (issue #20): a member
    // added since shows as soon as the answer arrives, never a stale page after it.
    staleTime: 0,
  });
  // The first rows painted before React started (app/early-lists/list-prefetch.ts) give way to this list once it has rows or an error.
  const isSettled = query.data !== undefined || query.isError;
  useEffect(() => {
    if (isSettled) revealApp();
  }, [isSettled]);
  // A page emptied by deletions: step back to the last page that still has rows.
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * ADMIN_PAGE_SIZE >= total) setPage(Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)));
  }, [total, page, setPage]);

  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${searchId}-title`} className={TITLE_CLASSES.list}>
          {title}
        </h2>
        {exportFrom && <ExportButton source={exportFrom} q={q} fileName={exportFrom.path.replace(/\W+/g, '-').replace(/^-|-$/g, '')} />}
      </div>
      {toolbar}
      <ListSearchBox id={searchId} term={term} onTermChange={setTerm} placeholder={searchPlaceholder} tooShort={tooShort} />
      {query.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {errorText}
        </p>
      ) : !query.data ? (
        <Spinner />
      ) : (
        <div aria-busy={query.isFetching || undefined}>
          {query.data.capped && (
            <p role="status" className="mb-2 text-sm text-slate-700">
              {LIST_MESSAGES.cappedTotal}
            </p>
          )}
          <DataTable
            caption={title}
            columns={columns}
            rows={query.data.items}
            rowKey={rowKey}
            emptyText={q ? ADMIN_TEXT.noSearchResult : emptyText}
            page={page}
            total={query.data.total}
            perPage={ADMIN_PAGE_SIZE}
            onPageChange={setPage}
          />
        </div>
      )}
    </section>
  );
}

interface ListSearchBoxProps {
  id: string;
  term: string;
  onTermChange: (term: string) => void;
  placeholder?: string;
  /** The term has 1–2 characters: not searched, and the hint under the box says so. */
  tooShort: boolean;
}

/** The list's search box and, under it, the hint shown while the term is too short to search. */
export function ListSearchBox({ id, term, onTermChange, placeholder, tooShort }: ListSearchBoxProps) {
  const hintId = `${id}-hint`;
  return (
    <form role="search" className="max-w-md" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        Rechercher
      </label>
      <div className="relative">
        <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          value={term}
          onChange={(e) => onTermChange(e.target.value)}
          placeholder={placeholder ?? 'Rechercher…'}
          maxLength={100}
          aria-describedby={tooShort ? hintId : undefined}
          className="min-h-11 w-full rounded-md border border-slate-400 bg-white py-2 pr-3 pl-10 text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
        />
      </div>
      <SearchTooShortHint id={hintId} shown={tooShort} />
    </form>
  );
}
