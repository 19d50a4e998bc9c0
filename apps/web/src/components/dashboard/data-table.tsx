import type { ReactNode } from 'react';

import { isAddressLike, TABLE_CLASSES as C } from './table-classes';

// A plain accessible table for the dashboards' lists, with an empty text and server-side paging controls. Below
// 640 px each row becomes a card (table-classes.ts), so no column and no action button lies off screen on a 360 px
// phone (issue #18 §5).
export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
}

/** The column of a row's buttons (key « action » or « actions »): pinned to the right edge from 640 px. */
const isActions = (key: string) => key === 'action' || key === 'actions';

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
    <div className={C.wrap}>
      <table className={C.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={C.thead}>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={isActions(c.key) ? `${C.th} ${C.actionsHead}` : C.th}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={C.tbody}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={C.tr}>
              {columns.map((c) => {
                const content = c.render(row);
                const address = typeof content === 'string' && isAddressLike(content) ? ` ${C.address}` : '';
                return (
                  <td key={c.key} data-label={c.header} className={isActions(c.key) ? `${C.td} ${C.actions}` : `${C.td}${address}`}>
                    {content}
                  </td>
                );
              })}
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
