import type { DashboardEntry } from '@web/components/dashboard/dashboard-shell';
import {
  BarChart3,
  Banknote,
  FolderKanban,
  HandCoins,
  Inbox,
  Mail,
  MessageSquareQuote,
  MessageSquareText,
  Newspaper,
  Send,
  UserCheck,
  UserPlus,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

// The administrator's sidebar: "À traiter" first (their landing view, issue #18 §5), then spec §2's entries in order,
// the moderation views and the statistics. The chosen view lives in the URL (?vue=…, CONTRACT.md "The back office")
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
  { key: 'temoignages', label: 'Témoignages', icon: MessageSquareQuote },
  { key: 'messages', label: 'Messages de contact', icon: Mail },
  { key: 'newsletter', label: 'Newsletter', icon: Newspaper },
  { key: 'envoi-newsletter', label: 'Envoyer une newsletter', icon: Send },
  { key: 'sms-emails', label: 'SMS et e-mails envoyés', icon: MessageSquareText },
  { key: 'statistiques', label: 'Statistiques', icon: BarChart3 },
];
