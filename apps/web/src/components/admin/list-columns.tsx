import type { Column } from '@web/components/dashboard/data-table';
import { isAddressLike, TABLE_CLASSES } from '@web/components/dashboard/table-classes';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-definition';

/**
 * A list definition's columns as the table's: each shows its text (on one line when `nowrap`, breaking anywhere when
 * it is an e-mail or a link), unless the view
 * renders it itself (links, images, actions: `renders`, by column key).
 */
export function tableColumns<T>(
  columns: ReadonlyArray<ListColumn<T>>,
  renders: Partial<Record<string, (row: T) => ReactNode>> = {},
): Array<Column<T>> {
  return columns.map((column) => ({
    key: column.key,
    header: column.header,
    render:
      renders[column.key] ??
      ((row: T) => {
        const text = column.text?.(row) ?? null;
        // An e-mail or a link breaks anywhere rather than widening the table (components/dashboard/table-classes.ts).
        if (text && isAddressLike(text)) return <span className={TABLE_CLASSES.address}>{text}</span>;
        return column.nowrap ? <span className="whitespace-nowrap">{text}</span> : text;
      }),
  }));
}
