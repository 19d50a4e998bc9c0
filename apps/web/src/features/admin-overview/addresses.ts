// The overview's address and the views it opens, without React: the dashboards' early script reads the address too.

/** What waits for the administrator: the landing view's counts. */
export const WAITING_PATH = '/admin/waiting';

/** The dashboard views the overview opens (the dashboard, in app/, gives the function that opens them). */
export type ListView =
  | 'confirmer-compte'
  | 'confirmer-volontaire'
  | 'temoignages'
  | 'messages'
  | 'tresorerie'
  | 'projets'
  | 'parametres'
  | 'demandes-donnees'
  | 'donnees-a-reprendre'
  | 'changements-en-attente';
