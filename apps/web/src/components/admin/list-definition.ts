import { type ApiQuery, apiUrl } from '@web/lib/api-url';

// A back-office list, defined once: its title, its API address and default filters, its columns with their
// plain-text formatters, and its texts. The React view renders it (list-columns.tsx, ListPanel) and the dashboards'
// early script (app/early-lists/list-prefetch.ts) asks for its first page and paints its leading text columns
// before the application loads. Keep this file and the areas' list files free of React and of anything heavy:
// the early script bundles them.

export const ADMIN_PAGE_SIZE = 20;

export interface ListColumn<T> {
  key: string;
  header: string;
  /**
   * The cell as plain text: what the early preview paints and what the view shows unless it renders the column
   * itself. A column without it (actions, files, images) is the view's only, and ends the preview's columns.
   */
  text?: (row: T) => string;
  /** The view keeps the text on one line (amounts, dates, addresses). */
  nowrap?: boolean;
}

export interface ListDefinition<T, P extends Record<string, string> = Record<string, string>> {
  title: string;
  /** The API list, e.g. `/payments` (also the base of its CSV export). */
  path: string;
  /** The filters the view opens with (the early script's first page uses them). */
  params: P;
  /** A second list at the same address, shown after the first (the providers' two roles). */
  thenParams?: Record<string, string>;
  /** The query parameter the search box fills (`q` unless said otherwise). */
  searchParam?: string;
  columns: ReadonlyArray<ListColumn<T>>;
  emptyText: string;
  /** Shown instead of the list when it cannot be fetched. */
  errorText: string;
  searchPlaceholder?: string;
}

/** The query of one page of a list: its filters, the page, the page size and the search. */
export function pageQuery(
  params: Record<string, string | undefined>,
  page: number,
  perPage: number,
  q: string,
  searchParam = 'q',
): ApiQuery {
  return { ...params, page, per_page: perPage, [searchParam]: q || undefined };
}

/** The URL of a list's first page as the view asks for it (`perPage` 1 to only learn the total). */
export function firstPageUrl(
  list: Pick<ListDefinition<unknown>, 'path' | 'params' | 'searchParam'>,
  perPage = ADMIN_PAGE_SIZE,
  params = list.params,
): string {
  return apiUrl(list.path, pageQuery(params, 1, perPage, '', list.searchParam));
}

/** The leading columns that have a text: what a preview can paint before the view takes over. */
export function previewColumns<T>(list: Pick<ListDefinition<T>, 'columns'>): Array<ListColumn<T> & { text: (row: T) => string }> {
  const leading: Array<ListColumn<T> & { text: (row: T) => string }> = [];
  for (const column of list.columns) {
    if (!column.text) break;
    leading.push(column as ListColumn<T> & { text: (row: T) => string });
  }
  return leading;
}

// Small formatters of JSON fields, for lists whose rows are read as they come from the API.
export const orDash = (value: string | null | undefined): string => value ?? '—';
/** A label from a shared table, or the raw value when the table does not know it. */
export const labelOf = (labels: Record<string, string>, value: string): string => labels[value] ?? value;
