import type { Processing } from '@shared/schemas/privacy-registers';
import type { Config } from '../../platform/config';
import { type Controller, privacyController } from './controller';
import { buildNotice } from './notice';
import { safePdf } from '../../platform/exports/pdf-text';

// The register of processings for the APDP declaration (law 2017-20 art. 405–407), generated from the live
// configuration: one row per category of the privacy notice (notice.ts, the one source of what is collected, why
// and for how long), plus the people concerned, the transfers the configured services imply and the security
// measures actually in place (docs/decisions/encryption-at-rest.md).

type RegisterConfig = Pick<Config, 'organisation' | 'retention' | 'storage' | 'messages' | 'payments'>;

const PEOPLE: Record<string, string> = {
  compte: 'Membres, bénéficiaires, conseillers et administrateurs ayant un compte.',
  paiements: 'Donateurs, membres qui cotisent, personnes engagées à donner.',
  benevolat: 'Candidats bénévoles.',
  questionnaire: 'Bénéficiaires qui demandent une aide.',
  prestataires: 'Prestataires et partenaires.',
  evenements: 'Participants aux événements.',
  contact: 'Personnes qui écrivent à l’association.',
  communication: 'Abonnés, donateurs qui choisissent d’être nommés, auteurs de témoignages.',
  messages: 'Toute personne à qui l’association écrit.',
};

/** Which categories each configured transfer concerns (by the notice's service names). */
const TRANSFER_SCOPE: Record<string, string[]> = {
  'Stockage des fichiers': ['benevolat', 'prestataires', 'paiements', 'communication', 'compte'],
  'Envoi des SMS': ['compte', 'paiements', 'messages', 'communication', 'evenements'],
  'Envoi des messages WhatsApp': ['compte', 'paiements', 'messages', 'communication', 'evenements'],
  'Envoi des e-mails': ['compte', 'paiements', 'messages', 'communication', 'evenements', 'benevolat'],
};

const COMMON_SECURITY =
  'Accès réservé aux rôles autorisés, vérifiés par le serveur ; mots de passe hachés (Argon2id) ; connexions chiffrées (HTTPS) ; ' +
  'journal d’audit de chaque modification ; sauvegardes.';

export interface Register {
  controller: Controller;
  generated_at: string;
  processings: Processing[];
}

export function buildRegister(config: RegisterConfig, now: Date, controller: Controller = privacyController(config)): Register {
  const notice = buildNotice(config, controller);
  const processings = notice.categories.map((category): Processing => {
    const transfers = notice.transfers.filter((t) => (TRANSFER_SCOPE[t.service] ?? []).includes(category.key));
    let security = COMMON_SECURITY;
    if (category.key === 'benevolat')
      security +=
        ' CV, lettres de motivation, casiers judiciaires et justificatifs chiffrés au repos (AES-256-GCM), téléchargeables par les seuls administrateurs.';
    if (category.key === 'paiements') security += ' Montants jamais supprimés ; reçus vérifiables en ligne.';
    return {
      key: category.key,
      name: category.title,
      purposes: category.purpose,
      legal_basis: category.legal_basis,
      people: PEOPLE[category.key] ?? 'Personnes concernées.',
      data: category.data,
      recipients: category.recipients,
      retention: category.retention,
      transfers: transfers.length
        ? transfers.map((t) => `${t.recipient} — ${t.destination} (${t.service.toLowerCase()})`).join(' ; ')
        : 'Aucun transfert hors du Bénin.',
      security,
    };
  });
  return { controller, generated_at: now.toISOString(), processings };
}

const FIELDS: Array<[keyof Processing, string]> = [
  ['purposes', 'Finalités'],
  ['legal_basis', 'Base légale'],
  ['people', 'Personnes concernées'],
  ['data', 'Catégories de données'],
  ['recipients', 'Destinataires'],
  ['retention', 'Durée de conservation'],
  ['transfers', 'Transferts hors du Bénin'],
  ['security', 'Mesures de sécurité'],
];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const cotonouDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Porto-Novo' }).format(new Date(iso));

function controllerLines(c: Controller): string[] {
  return [
    c.name,
    c.address,
    [c.email, c.telephone].filter(Boolean).join(' · '),
    c.dpo ? `Délégué à la protection des données : ${c.dpo.name}${c.dpo.email ? ` (${c.dpo.email})` : ''}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** A standalone page (its own small stylesheet, readable on a phone, printable). */
export function registerHtml(register: Register): string {
  const sections = register.processings
    .map(
      (p) =>
        `<section><h2>${escapeHtml(p.name)}</h2><dl>${FIELDS.map(([key, label]) => `<dt>${label}</dt><dd>${escapeHtml(p[key])}</dd>`).join('')}</dl></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Registre des traitements — ${escapeHtml(register.controller.name)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}
h1{font-size:1.5rem;color:#064e3b}h2{font-size:1.15rem;margin-top:1.5rem;border-top:1px solid #cbd5e1;padding-top:1rem}
dt{font-weight:600;margin-top:.5rem}dd{margin:0}</style></head>
<body><h1>Registre des activités de traitement</h1>
<p>${controllerLines(register.controller).map(escapeHtml).join('<br>')}</p>
<p>Établi le ${escapeHtml(cotonouDateTime(register.generated_at))} (heure de Cotonou) à partir de la configuration en vigueur.</p>
${sections}
</body></html>`;
}

/** The same register as an A4 PDF, with pdfkit like the receipts (payments/receipt-pdf.ts), loaded when first asked for. */
export async function registerPdf(register: Register): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = safePdf(
      new PDFDocument({ size: 'A4', margin: 48, info: { Title: 'Registre des traitements', Author: register.controller.name } }),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(16).fillColor('#064e3b').text('Registre des activités de traitement');
    pdf.moveDown(0.5);
    pdf.font('Helvetica').fontSize(10).fillColor('#0f172a');
    for (const line of controllerLines(register.controller)) pdf.text(line);
    pdf.text(`Établi le ${cotonouDateTime(register.generated_at)} (heure de Cotonou) à partir de la configuration en vigueur.`);
    for (const p of register.processings) {
      pdf.moveDown();
      pdf.font('Helvetica-Bold').fontSize(12).fillColor('#064e3b').text(p.name);
      pdf.fillColor('#0f172a');
      for (const [key, label] of FIELDS) {
        pdf.font('Helvetica-Bold').fontSize(9.5).text(`${label} : `, { continued: true });
        pdf.font('Helvetica').text(p[key]);
      }
    }
    pdf.end();
  });
}
