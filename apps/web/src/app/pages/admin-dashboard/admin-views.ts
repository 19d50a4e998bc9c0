import type { DashboardEntry } from '@web/components/dashboard/dashboard-shell';
import {
  Banknote,
  BarChart3,
  FileStack,
  FolderKanban,
  HandCoins,
  IdCard,
  Inbox,
  ListChecks,
  Mail,
  MessageSquareQuote,
  MessageSquareText,
  Newspaper,
  ReceiptText,
  Repeat,
  ScrollText,
  ShieldCheck,
  CalendarDays,
  ClipboardList,
  Send,
  Settings,
  UserCheck,
  UserCog,
  UserPlus,
  UserRound,
  Users,
  UsersRound,
  Wallet,
  BookOpen,
  Wrench,
} from 'lucide-react';

// The administrator's sidebar: "À traiter" first (their landing view, issue #18 §5), then docs/product/screens.md's entries in order,
// the moderation views and the statistics. The chosen view lives in the URL (?vue=…, docs/product/back-office.md)
// so reload, a bookmark and the back button keep it. The phone menu and the desktop sidebar both read ADMIN_ENTRIES.

export const ADMIN_VIEWS = [
  'a-traiter',
  'profil',
  'confirmer-compte',
  'confirmer-volontaire',
  'sympathisants',
  'prestataires',
  'conseillers',
  'membres',
  'projets',
  'paiements',
  'dons',
  'temoignages',
  'messages',
  'newsletter',
  'envoi-newsletter',
  'sms-emails',
  'statistiques',
  // Running the association (issue 12).
  'paiement-recu',
  'adhesions',
  'recus-annuels',
  'journal',
  // Recurring giving (issue 29).
  'dons-reguliers',
  // Events and volunteer shifts.
  'evenements',
  // The treasury's own view (composed by app/ from features/treasury).
  'tresorerie',
  // The books (double entry on SYCEBNL, composed by app/ from features/books).
  'comptabilite',
  // Membership fees and the organisation's facts.
  'parametres',
  // Personal data: the registers for the APDP and the retention job (issue 26).
  'registres',
  // Personal data (docs/product/personal-data.md): requests with their due dates, a person's consent history.
  'demandes-donnees',
  'consentements',
  // What the migrations to the zone list and to one telephone form left for a person to decide (issue #33).
  'donnees-a-reprendre',
  // Administrators are changed by two (docs/decisions/policy.md).
  'changements-en-attente',
] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

export const DEFAULT_VIEW: AdminView = 'a-traiter';
/** Not a view: opens the add-user modal over the current one. */
export const ADD_USER_ENTRY = 'ajouter-utilisateur';

export const isAdminView = (value: string | null): value is AdminView =>
  value !== null && (ADMIN_VIEWS as readonly string[]).includes(value);

export const ADMIN_ENTRIES: readonly DashboardEntry[] = [
  { key: 'a-traiter', label: 'À traiter', icon: Inbox },
  { key: ADD_USER_ENTRY, label: 'Ajouter un utilisateur', icon: UserPlus },
  { key: 'confirmer-compte', label: 'Confirmer Compte', icon: UserCheck },
  { key: 'confirmer-volontaire', label: 'Confirmer Volontaire', icon: UsersRound },
  { key: 'changements-en-attente', label: 'Changements en attente', icon: UserCog },
  {
    key: 'filtre-utilisateur',
    label: 'Filtre utilisateur',
    icon: Users,
    children: [
      { key: 'sympathisants', label: 'Les Sympathisants' },
      { key: 'prestataires', label: 'Les Prestataires' },
      { key: 'conseillers', label: 'Les Conseillers' },
      { key: 'membres', label: 'Les Membres' },
    ],
  },
  { key: 'projets', label: 'Les Projets', icon: FolderKanban },
  { key: 'profil', label: 'Profil', icon: UserRound },
  { key: 'paiements', label: 'Liste des Paiements', icon: Banknote },
  { key: 'dons', label: 'Liste Dons', icon: HandCoins },
  { key: 'dons-reguliers', label: 'Dons réguliers', icon: Repeat },
  { key: 'temoignages', label: 'Témoignages', icon: MessageSquareQuote },
  { key: 'messages', label: 'Messages de contact', icon: Mail },
  { key: 'newsletter', label: 'Newsletter', icon: Newspaper },
  { key: 'envoi-newsletter', label: 'Envoyer une newsletter', icon: Send },
  { key: 'sms-emails', label: 'SMS et e-mails envoyés', icon: MessageSquareText },
  { key: 'statistiques', label: 'Statistiques', icon: BarChart3 },
  { key: 'paiement-recu', label: 'Enregistrer un paiement reçu', icon: ReceiptText },
  { key: 'adhesions', label: 'Adhésions', icon: IdCard },
  { key: 'recus-annuels', label: 'Reçus annuels', icon: FileStack },
  { key: 'journal', label: 'Journal d’audit', icon: ScrollText },
  { key: 'evenements', label: 'Événements', icon: CalendarDays },
  { key: 'tresorerie', label: 'Trésorerie', icon: Wallet },
  { key: 'comptabilite', label: 'Comptabilité', icon: BookOpen },
  { key: 'parametres', label: 'Paramètres', icon: Settings },
  { key: 'registres', label: 'Registres (données personnelles)', icon: ShieldCheck },
  { key: 'demandes-donnees', label: 'Demandes sur les données', icon: ClipboardList },
  { key: 'consentements', label: 'Consentements', icon: ListChecks },
  { key: 'donnees-a-reprendre', label: 'Données à reprendre', icon: Wrench },
];
