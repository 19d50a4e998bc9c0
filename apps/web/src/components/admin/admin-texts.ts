// The back office's texts shared by every area's lists; each area keeps its own texts beside its views.

/** « Erreur lors de la récupération des … »: a list or a figure that cannot be fetched. */
export const fetchError = (what: string) => `Erreur lors de la récupération ${what}`;

export const ADMIN_TEXT = {
  deleteTitle: 'Confirmer la suppression',
  noFile: 'Aucun fichier disponible',
  downloadFailed: 'Erreur lors du téléchargement du fichier',
  noSearchResult: 'Aucun résultat pour cette recherche.',
} as const;
