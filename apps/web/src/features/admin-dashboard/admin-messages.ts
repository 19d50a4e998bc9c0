import { TRANSACTION_STATUS_LABELS, type TransactionStatus } from '@shared/constants';

// Every French text of the administrator dashboard (spec §2 "Administrator dashboard", §8 admin messages).

const fetchError = (what: string) => `Erreur lors de la récupération ${what}`;

/** Fetch failures: the view shows the message in place of its content (spec §8). */
export const ADMIN_FETCH_ERRORS = {
  profile: 'Erreur lors de la récupération du profil.',
  providerInfo: fetchError('des informations du prestataire'),
  advisers: fetchError('des conseillers'),
  members: fetchError('des membres'),
  sympathisers: fetchError('des sympathisants'),
  providers: fetchError('des prestataires'),
  donations: fetchError('des dons'),
  payments: fetchError('des paiements'),
  projects: fetchError('des projets'),
  unconfirmedUsers: fetchError('des utilisateurs non confirmés'),
  unconfirmedVolunteers: fetchError('des volontaires non confirmés'),
  // Moderation views and statistics (not in the specification; same wording).
  testimonials: fetchError('des témoignages'),
  contactMessages: fetchError('des messages de contact'),
  newsletter: fetchError('des abonnés à la newsletter'),
  stats: fetchError('des statistiques'),
  waiting: fetchError('de ce qui est à traiter'),
} as const;

/** Action failures, shown as an error toast (spec §8). */
export const ADMIN_ACTION_ERRORS = {
  deleteDonation: 'Erreur lors de la suppression du don',
  deletePayment: 'Erreur lors de la suppression du paiement',
  confirmUser: "Erreur lors de la confirmation de l'utilisateur",
  confirmVolunteer: 'Erreur lors de la confirmation du volontaire',
  publishTestimonial: 'Erreur lors de la publication du témoignage',
  deleteTestimonial: 'Erreur lors de la suppression du témoignage',
  download: 'Erreur lors du téléchargement du fichier',
  handleMessage: 'Erreur lors de la mise à jour du message',
} as const;

export const ADMIN_SUCCESS = {
  volunteerConfirmed: 'Volontaire confirmé avec succès !',
  userConfirmed: 'Compte confirmé avec succès.',
  donationDeleted: 'Don supprimé avec succès.',
  paymentDeleted: 'Paiement supprimé avec succès.',
  testimonialPublished: 'Témoignage publié avec succès.',
  testimonialDeleted: 'Témoignage supprimé avec succès.',
} as const;

export const ADMIN_EMPTY = {
  unconfirmedUsers: 'Pas de confirmation en attente',
  unconfirmedVolunteers: 'Pas de volontaires en attente de confirmation',
  donations: 'Aucun don trouvé.',
  payments: 'Aucun paiement trouvé.',
  projects: 'Aucun projet trouvé.',
  users: 'Aucun utilisateur trouvé.',
  testimonialsPending: 'Aucun témoignage en attente de publication.',
  testimonialsPublished: 'Aucun témoignage publié.',
  contactMessages: 'Aucun message de contact.',
  contactMessagesNew: 'Aucun nouveau message.',
  contactMessagesHandled: 'Aucun message traité.',
  newsletter: 'Aucun abonné à la newsletter.',
  searchSuffix: 'Aucun résultat pour cette recherche.',
} as const;

export const ADMIN_TEXT = {
  noFile: 'Aucun fichier disponible',
  confirmVolunteerPrompt: 'Voulez-vous vraiment confirmer ce volontaire ?',
  deleteDonationPrompt: 'Voulez-vous vraiment supprimer ce don ? Cette action est irréversible.',
  deletePaymentPrompt: 'Voulez-vous vraiment supprimer ce paiement ? Cette action est irréversible.',
  deleteTestimonialPrompt: 'Voulez-vous vraiment supprimer ce témoignage ? Cette action est irréversible.',
  deleteTitle: 'Confirmer la suppression',
} as const;

export const transactionStatusLabel = (status: string) => TRANSACTION_STATUS_LABELS[status as TransactionStatus] ?? status;
