import { CONSENT_PURPOSES, CONSENT_WORDINGS } from './consent-wordings';
import { ORGANISATION } from './constants';
import type { PrivacyNotice } from './schemas/privacy';
import { APDP, PRIVACY_REQUEST_DAYS } from './zod-free/privacy';

// The privacy notice (docs/product/personal-data.md, law 2017-20 art. 415), generated from the live configuration:
// GET /api/privacy/notice serves it (apps/api/src/modules/privacy/notice.ts) and /confidentialite renders it. A pure
// function so the web can prerender the notice of the default settings, then swap in only the values that differ:
// no block appears or grows once the live notice arrives (issue #32, layout shift). Every retention figure and every
// transfer below comes from a setting, so the notice cannot drift from what the platform does.

// The WHATWG URL of Node and browsers (this package is typed without either's library).
declare const URL: new (url: string) => { host: string; hostname: string };

/** The settings the notice reads (a structural subset of the API's Config). */
export interface NoticeSettings {
  retention: { criminalRecordDays: number; unconfirmedMonths: number; contactMonths: number; outboxBodyDays: number };
  payments: { provider: string };
  storage: { kind: 'local' } | { kind: 's3'; endpoint?: string; region: string };
  messages: { sms: { provider: string }; smtpUrl?: string; whatsapp?: { provider: string } };
}

type PrivacyController = PrivacyNotice['controller'];

/** The settings a deployment has when none is set (apps/api/src/platform/config.ts defaults). */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = {
  retention: { criminalRecordDays: 30, unconfirmedMonths: 12, contactMonths: 24, outboxBodyDays: 90 },
  payments: { provider: 'sandbox' },
  storage: { kind: 'local' },
  messages: { sms: { provider: 'outbox' } },
};

/** The controller when no ORG_* setting nor back-office fact names one (the footer's public details). */
export const DEFAULT_PRIVACY_CONTROLLER: PrivacyController = {
  name: ORGANISATION.name,
  address: `${ORGANISATION.city}, ${ORGANISATION.country}`,
  email: ORGANISATION.email,
  telephone: null,
  dpo: null,
};

/** Years money records are kept (accounting law), detached from the person after an erasure. */
export const MONEY_RETENTION_YEARS = 10;

export function buildPrivacyNotice(config: NoticeSettings, controller: PrivacyController): PrivacyNotice {
  const r = config.retention;
  const months = (n: number) => `${n} mois`;
  const untilErasure = 'tant que le compte existe, puis jusqu’à sa suppression';
  return {
    controller,
    categories: [
      {
        key: 'compte',
        title: 'Compte et espace membre',
        data: 'Nom, numéro de téléphone, adresse e-mail, mot de passe (chiffré), adresse, profession.',
        purpose: 'Vous connecter, gérer votre adhésion et vos cotisations, vous envoyer les codes de sécurité.',
        legal_basis: 'Exécution de votre adhésion (contrat).',
        recipients: 'Les administrateurs de l’association.',
        retention: `${untilErasure} ; un compte jamais confirmé est supprimé après ${months(r.unconfirmedMonths)}.`,
      },
      {
        key: 'paiements',
        title: 'Dons, cotisations et engagements',
        data: 'Nom, téléphone, e-mail, montant, date, moyen de paiement, reçu.',
        purpose: 'Encaisser les dons et les cotisations, délivrer les reçus, tenir la comptabilité.',
        legal_basis: 'Obligation légale (comptabilité) et exécution de votre don.',
        recipients: `Les administrateurs de l’association${config.payments.provider === 'fedapay' ? ', FedaPay (paiement mobile)' : ''}.`,
        retention: `${MONEY_RETENTION_YEARS} ans (obligation comptable) ; après un effacement, le don est conservé sans votre nom, téléphone ni e-mail (« Donateur anonymisé »).`,
      },
      {
        key: 'benevolat',
        title: 'Candidatures de bénévoles',
        data: 'Nom, téléphone, e-mail, CV, lettre de motivation, extrait de casier judiciaire, justificatif de restriction.',
        purpose: 'Examiner votre candidature et vérifier que vous pouvez intervenir auprès de personnes vulnérables.',
        legal_basis:
          'Votre candidature (mesures précontractuelles) ; le casier judiciaire est une donnée sensible traitée pour la protection des bénéficiaires.',
        recipients: 'Les administrateurs de l’association.',
        retention: `Le casier judiciaire et le justificatif de restriction sont supprimés ${r.criminalRecordDays} jours après la décision (il reste seulement « casier vérifié le … par … ») ; une candidature jamais confirmée est supprimée après ${months(r.unconfirmedMonths)}.`,
      },
      {
        key: 'questionnaire',
        title: 'Questionnaire des bénéficiaires',
        data: 'Situation familiale, revenus, logement, besoins.',
        purpose: 'Évaluer les besoins pour orienter l’aide de l’association.',
        legal_basis: 'Votre demande d’aide (mesures précontractuelles).',
        recipients: 'Les administrateurs et les conseillers de l’association.',
        retention: untilErasure + '.',
      },
      {
        key: 'prestataires',
        title: 'Prestataires et partenaires',
        data: 'Nom, téléphone, e-mail, activité, documents fournis.',
        purpose: 'Référencer les prestataires avec qui l’association travaille.',
        legal_basis: 'Exécution du contrat de prestation.',
        recipients: 'Les administrateurs de l’association.',
        retention: untilErasure + '.',
      },
      {
        key: 'evenements',
        title: 'Inscriptions aux événements',
        data: 'Nom, téléphone, e-mail, billet.',
        purpose: 'Organiser l’événement et contrôler les entrées.',
        legal_basis: 'Votre inscription (contrat).',
        recipients: 'Les administrateurs et les bénévoles de l’accueil.',
        // Registrants have no account: no « tant que le compte existe » here, but what really happens to the rows.
        retention: `Conservées après l’événement (liste de présence, billets), jusqu’à ce que vous en demandiez l’effacement par le formulaire de cette page, sans avoir besoin d’un compte ; un billet payé reste dans la comptabilité ${MONEY_RETENTION_YEARS} ans, sans votre nom.`,
      },
      {
        key: 'contact',
        title: 'Messages de contact',
        data: 'Nom, e-mail, téléphone, message.',
        purpose: 'Vous répondre.',
        legal_basis: 'Intérêt légitime de l’association à répondre aux personnes qui l’écrivent.',
        recipients: 'Les administrateurs de l’association.',
        retention: `${months(r.contactMonths)} après leur réception.`,
      },
      {
        key: 'communication',
        title: 'Lettre d’information, nouvelles par SMS ou WhatsApp, témoignages, nom des donateurs',
        data: 'E-mail ou téléphone, nom, photo et texte du témoignage.',
        purpose: 'Vous tenir informé·e ; publier votre témoignage ou votre nom si vous l’avez choisi.',
        legal_basis: 'Votre consentement, retirable à tout moment (lien dans chaque message, espace membre).',
        recipients: 'Les administrateurs ; le public pour un témoignage ou un nom publiés.',
        retention: 'Jusqu’au retrait de votre consentement ; la preuve du consentement et de son retrait est conservée.',
      },
      {
        key: 'messages',
        title: 'Messages envoyés (SMS, e-mails, WhatsApp)',
        data: 'Numéro ou adresse, contenu du message.',
        purpose: 'Vous envoyer codes, reçus, rappels et nouvelles ; prouver l’envoi.',
        legal_basis: 'Exécution de votre adhésion ou de votre don ; votre consentement pour les nouvelles.',
        recipients: `Les administrateurs ; les prestataires d’envoi nommés ci-dessous${mailRelay(config) ? ` ; le serveur de messagerie ${mailRelay(config)} qui achemine les e-mails de l’association` : ''}.`,
        retention: `Le contenu des messages est effacé après ${r.outboxBodyDays} jours ; la trace de l’envoi reste.`,
      },
    ],
    retention: {
      criminal_record_days: r.criminalRecordDays,
      unconfirmed_months: r.unconfirmedMonths,
      contact_months: r.contactMonths,
      outbox_body_days: r.outboxBodyDays,
      money_years: MONEY_RETENTION_YEARS,
    },
    transfers: transfersOf(config),
    consents: CONSENT_PURPOSES.map((purpose) => ({ purpose, label: CONSENT_WORDINGS[purpose].label })),
    rights: [
      'Accéder à vos données : un lien, envoyé par SMS et valable 7 jours, ouvre un résumé lisible et imprimable et le fichier ZIP complet.',
      'Faire rectifier des données inexactes.',
      'Faire effacer vos données (les dons restent dans la comptabilité, sans votre nom).',
      'Vous opposer à un traitement, ou retirer un consentement à tout moment.',
      'Saisir l’APDP si vous estimez que vos droits ne sont pas respectés.',
    ],
    how_to_exercise:
      'Remplissez le formulaire de demande de cette page : un code envoyé par SMS confirme que le numéro est le vôtre (sans téléphone, un code envoyé par e-mail, et la demande porte alors sur cette adresse seulement). ' +
      `L’association répond dans un délai de ${PRIVACY_REQUEST_DAYS} jours au plus. ` +
      'Depuis votre espace membre, vous pouvez aussi télécharger vos données, gérer vos consentements et supprimer votre compte.',
    request_days: PRIVACY_REQUEST_DAYS,
    authority: { ...APDP },
  };
}

/** The transfers outside Benin that the configured services imply (art. 391). */
function transfersOf(config: NoticeSettings): PrivacyNotice['transfers'] {
  const transfers: PrivacyNotice['transfers'] = [];
  if (config.storage.kind === 's3') {
    const host = config.storage.endpoint ? new URL(config.storage.endpoint).host : `Amazon S3 (${config.storage.region})`;
    transfers.push({
      service: 'Stockage des fichiers',
      recipient: host,
      destination: config.storage.endpoint ? `Hébergeur du service ${host}` : `Amazon Web Services, région ${config.storage.region}`,
      data: 'Fichiers déposés (CV, lettres, casiers judiciaires chiffrés, photos, justificatifs).',
    });
  }
  if (config.messages.sms.provider === 'twilio') {
    transfers.push({
      service: 'Envoi des SMS',
      recipient: 'Twilio Inc.',
      destination: 'États-Unis',
      data: 'Numéro de téléphone et contenu des SMS.',
    });
  }
  if (config.messages.whatsapp?.provider === 'meta') {
    transfers.push({
      service: 'Envoi des messages WhatsApp',
      recipient: 'Meta Platforms (WhatsApp Business)',
      destination: 'États-Unis et Irlande',
      data: 'Numéro de téléphone et contenu des messages, pour les personnes qui ont choisi WhatsApp.',
    });
  }
  const mail = config.messages.smtpUrl ? knownMailProvider(new URL(config.messages.smtpUrl).hostname) : null;
  if (mail) {
    transfers.push({
      service: 'Envoi des e-mails',
      recipient: mail.name,
      destination: mail.destination,
      data: 'Adresse e-mail et contenu des e-mails.',
    });
  }
  return transfers;
}

/**
 * Mail services whose servers are known to be outside Benin. Any other SMTP host is the association's own relay,
 * whose location the configuration does not tell: it is named as a recipient (messages), not asserted a transfer.
 */
const MAIL_PROVIDERS: Array<{ suffix: string; name: string; destination: string }> = [
  { suffix: 'gmail.com', name: 'Google (Gmail)', destination: 'États-Unis' },
  { suffix: 'googlemail.com', name: 'Google (Gmail)', destination: 'États-Unis' },
  { suffix: 'office365.com', name: 'Microsoft (Office 365)', destination: 'Union européenne et États-Unis' },
  { suffix: 'outlook.com', name: 'Microsoft (Outlook)', destination: 'Union européenne et États-Unis' },
  { suffix: 'sendgrid.net', name: 'Twilio SendGrid', destination: 'États-Unis' },
  { suffix: 'mailgun.org', name: 'Mailgun', destination: 'États-Unis ou Union européenne' },
  { suffix: 'amazonaws.com', name: 'Amazon SES', destination: 'Amazon Web Services (région du serveur)' },
  { suffix: 'brevo.com', name: 'Brevo', destination: 'France' },
  { suffix: 'sendinblue.com', name: 'Brevo', destination: 'France' },
  { suffix: 'mailjet.com', name: 'Mailjet', destination: 'France' },
  { suffix: 'ovh.net', name: 'OVHcloud', destination: 'France' },
  { suffix: 'postmarkapp.com', name: 'Postmark', destination: 'États-Unis' },
  { suffix: 'zoho.com', name: 'Zoho Mail', destination: 'États-Unis' },
  { suffix: 'zoho.eu', name: 'Zoho Mail', destination: 'Union européenne' },
];

function knownMailProvider(host: string): { name: string; destination: string } | null {
  const h = host.toLowerCase();
  return MAIL_PROVIDERS.find((p) => h === p.suffix || h.endsWith(`.${p.suffix}`)) ?? null;
}

/** The SMTP host when it is not a known foreign service (the association's relay), else null. */
function mailRelay(config: NoticeSettings): string | null {
  if (!config.messages.smtpUrl) return null;
  const host = new URL(config.messages.smtpUrl).hostname;
  return knownMailProvider(host) ? null : host;
}
