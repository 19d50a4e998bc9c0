import type { ReactNode } from 'react';

// A plain accessible table for the dashboards' lists, with an empty text and server-side paging controls.
// Below 640 px each row becomes a card (CSS only, the same markup): the header row is visually hidden and every cell
// shows its column name above its value, so no column and no action button lies off screen on a 360 px phone
// (issue #18 §5). Long unbroken values (e-mail addresses) wrap instead of widening the card.
const CELL_AS_CARD_LINE =
  'max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:px-0 max-sm:py-1.5 max-sm:[overflow-wrap:anywhere] max-sm:[&_*]:min-w-0 max-sm:[&_*]:whitespace-normal max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';
export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  page,
  total,
  perPage,
  onPageChange,
}: {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  page?: number;
  total?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
}) {
  if (rows.length === 0) return <p className="rounded-md bg-white p-6 text-slate-700 shadow-sm">{emptyText}</p>;
  const pageCount = total !== undefined && perPage ? Math.max(1, Math.ceil(total / perPage)) : 1;
  return (
    <div className="overflow-x-auto rounded-md bg-white shadow-sm max-sm:overflow-visible max-sm:bg-transparent max-sm:shadow-none">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block max-sm:divide-y-0">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 max-sm:sr-only">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold text-slate-800">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="max-sm:block max-sm:rounded-md max-sm:bg-white max-sm:px-4 max-sm:py-2 max-sm:shadow-sm">
              {columns.map((c) => (
                <td key={c.key} data-label={c.header} className={`px-4 py-3 text-slate-800 ${CELL_AS_CARD_LINE}`}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {onPageChange && page && pageCount > 1 ? (
        <nav
          aria-label="Pagination"
          className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm max-sm:mt-3 max-sm:rounded-md max-sm:bg-white"
        >
          <button
            type="button"
            className="min-h-11 rounded px-3 py-2 ring-1 ring-slate-300 disabled:opacity-50"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Précédent
          </button>
          <span>
            Page {page} sur {pageCount}
          </span>
          <button
            type="button"
            className="min-h-11 rounded px-3 py-2 ring-1 ring-slate-300 disabled:opacity-50"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Suivant
          </button>
        </nav>
      ) : null}
    </div>
  );
}
