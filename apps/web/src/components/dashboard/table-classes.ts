// The dashboards' table look, shared by the React table (data-table.tsx) and the rows the early script paints before
// the app loads (app/early-lists/list-prefetch.ts). Below 640 px each row becomes a card (CSS only, the same markup):
// the header row is visually hidden and every cell shows its column name (data-label) above its value; long unbroken
// values (e-mail addresses) wrap instead of widening the card.
export const TABLE_CLASSES = {
  wrap: 'overflow-x-auto rounded-md bg-white shadow-sm max-sm:overflow-visible max-sm:bg-transparent max-sm:shadow-none',
  table: 'min-w-full divide-y divide-slate-200 text-left text-sm max-sm:block max-sm:divide-y-0',
  thead: 'bg-slate-100 max-sm:sr-only',
  th: 'whitespace-nowrap px-4 py-3 font-semibold text-slate-800',
  tbody: 'divide-y divide-slate-100 max-sm:block max-sm:space-y-3 max-sm:divide-y-0',
  tr: 'max-sm:block max-sm:rounded-md max-sm:bg-white max-sm:px-4 max-sm:py-2 max-sm:shadow-sm',
  // From 640 px a cell wraps long values (a message body) at 20 rem instead of widening the table, so the last
  // columns and the actions fit the screen (issue #33 item 11); ordinary words wrap between words (issue 40: they
  // broke mid-word at 1280 px). Address-like values (e-mails, links, identifiers) add `address` below.
  td: 'px-4 py-3 align-top text-slate-800 sm:max-w-[20rem] sm:break-words max-sm:flex max-sm:flex-col max-sm:gap-0.5 max-sm:px-0 max-sm:py-1.5 max-sm:[overflow-wrap:anywhere] max-sm:[&_*]:min-w-0 max-sm:[&_*]:whitespace-normal max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
  /** An e-mail, a link or a long identifier: may break anywhere, else its length alone would widen the table. */
  address: '[overflow-wrap:anywhere]',
  /** The actions' column: kept in view at the right edge even when a wide table scrolls sideways. */
  actions: 'sm:sticky sm:right-0 sm:bg-white sm:shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]',
  actionsHead: 'sm:sticky sm:right-0 sm:bg-slate-100',
} as const;

/** A value with no word to break at (an e-mail, a link, a long identifier), which `TABLE_CLASSES.address` wraps. */
export const isAddressLike = (text: string) => /@|:\/\/|\S{24,}/.test(text);

/** A list's title: the back office's lists (ListPanel) and the adviser's panel; the early rows' title copies it. */
export const TITLE_CLASSES = {
  list: 'text-2xl font-bold text-emerald-950',
  panel: 'text-xl font-bold text-emerald-950',
} as const;
