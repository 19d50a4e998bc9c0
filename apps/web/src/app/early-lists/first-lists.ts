import type { AdminView } from '@web/app/pages/admin-dashboard/admin-views';
import { firstPageUrl, type ListDefinition, previewColumns } from '@web/components/admin/list-definition';
import { TITLE_CLASSES } from '@web/components/dashboard/table-classes';
import { UNCONFIRMED_ACCOUNTS_LIST, USER_LISTS } from '@web/features/accounts/admin/lists';
import { WAITING_PATH } from '@web/features/admin-overview/addresses';
import { CREATED_USERS_LIST } from '@web/features/adviser-dashboard/created-users-list';
import { CONTACT_MESSAGES_LIST } from '@web/features/contact/admin/lists';
import { DONATIONS_LIST, PAYMENTS_LIST } from '@web/features/payments/admin/lists';
import { PROJECTS_LIST } from '@web/features/projects/admin/lists';
import { TESTIMONIALS_LIST } from '@web/features/testimonials/admin/lists';
import { UNCONFIRMED_VOLUNTEERS_LIST } from '@web/features/volunteers/admin/lists';
import { apiUrl } from '@web/lib/api-url';

// What the early script (list-prefetch.ts) does for each dashboard view: the requests the view starts with, and for a
// list, its preview. Both come from the lists' own definitions (features/<area>/admin/lists.ts), the ones the views
// render, so the URLs, headers and cell texts cannot drift apart. Only definitions are imported here (no React): this
// file is bundled into the dashboards' pages.

export type PreviewRow = Record<string, unknown>;
export interface ListPreview {
  title: string;
  /** The <h2>'s look in the view: ListPanel's lists, or the adviser's panel. */
  titleClass: string;
  columns: ReadonlyArray<{ header: string; text: (row: PreviewRow) => string }>;
}
export interface EarlyView {
  /** The view's first requests; a preview is painted from the first one's rows. */
  requests: string[];
  preview?: ListPreview;
}

type AnyList = ListDefinition<any, Record<string, string>>;

/** A list view: its first page (and the total of its second list, if any), previewed from its definition. */
function listView(list: AnyList, titleClass: string = TITLE_CLASSES.list): EarlyView {
  const requests = [firstPageUrl(list)];
  if (list.thenParams) requests.push(firstPageUrl(list, 1, list.thenParams));
  return { requests, preview: { title: list.title, titleClass, columns: previewColumns(list) } };
}

const ADMIN_VIEWS: Partial<Record<AdminView, EarlyView>> = {
  'a-traiter': { requests: [apiUrl(WAITING_PATH)] },
  'confirmer-compte': listView(UNCONFIRMED_ACCOUNTS_LIST),
  'confirmer-volontaire': listView(UNCONFIRMED_VOLUNTEERS_LIST),
  sympathisants: listView(USER_LISTS.sympathisants),
  prestataires: listView(USER_LISTS.prestataires),
  conseillers: listView(USER_LISTS.conseillers),
  membres: listView(USER_LISTS.membres),
  projets: listView(PROJECTS_LIST),
  paiements: listView(PAYMENTS_LIST),
  dons: listView(DONATIONS_LIST),
  temoignages: listView(TESTIMONIALS_LIST),
  messages: listView(CONTACT_MESSAGES_LIST),
};

/** By dashboard path: the view shown without `?vue=`, and what each view starts with. */
export const EARLY_VIEWS: Record<string, { fallback: string; views: Record<string, EarlyView> }> = {
  '/dashboard-administrateur': { fallback: 'a-traiter', views: ADMIN_VIEWS },
  '/dashboard-conseiller': { fallback: 'utilisateurs', views: { utilisateurs: listView(CREATED_USERS_LIST, TITLE_CLASSES.panel) } },
};
