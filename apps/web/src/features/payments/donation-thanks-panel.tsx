import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { DONATION_MESSAGES } from '@shared/zod-free/donation';
import { FileText, HeartHandshake } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { DonationThanks } from './donation-thanks';

/** The thank-you after an approved donation, with the receipt; no empty form that would invite a second gift. */
export function DonationThanksPanel({ thanks, onAnother }: { thanks: DonationThanks; onAnother: () => void }) {
  const purpose = thanks.purpose ? (DONATION_PURPOSE_LABELS[thanks.purpose as DonationPurpose] ?? null) : null;
  return (
    <div role="status" className="flex flex-col gap-4 rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-emerald-700">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <HeartHandshake aria-hidden="true" size={32} />
      </span>
      <h2 className="text-2xl font-bold text-emerald-950">{DONATION_MESSAGES.thanks}</h2>
      <p className="text-slate-800">
        {thanks.amount ? `Votre don de ${formatFcfa(thanks.amount)}` : 'Votre don'}
        {purpose ? ` pour « ${purpose} »` : ''} est bien reçu. Il soutient directement nos actions au Bénin.
      </p>
      {thanks.pledge ? (
        <p data-testid="pledge-thanks" className="text-slate-800">
          Votre engagement est en place : ce don revient chaque mois (ou à la fréquence choisie). Le jour de chaque échéance, un SMS vous
          apporte le lien pour le verser. Pour le mettre en pause, le modifier ou l’arrêter, ouvrez le lien « Gérer votre engagement » reçu
          par SMS, ou{' '}
          <a href="/espace-membre" className="font-semibold text-emerald-800 underline">
            Mon espace
          </a>{' '}
          (connexion par code SMS).
        </p>
      ) : null}
      <a
        href={thanks.receiptUrl}
        target="_blank"
        rel="noopener"
        className="mx-auto inline-flex min-h-11 items-center gap-2 rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900"
      >
        <FileText aria-hidden="true" className="h-5 w-5" />
        Voir mon reçu
      </a>
      <p className="text-sm text-slate-700">Si vous avez laissé un numéro ou une adresse, le lien du reçu vous y est aussi envoyé.</p>
      <Button variant="secondary" className="mx-auto" onClick={onAnother}>
        Faire un autre don
      </Button>
    </div>
  );
}
