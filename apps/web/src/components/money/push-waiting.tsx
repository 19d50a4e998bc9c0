import type { PushResponse } from '@shared/schemas/payment';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { useEffect, useState } from 'react';

// A payment requested on the payer's telephone (docs/giving-by-phone.md): no checkout page; the screen
// asks the server every few seconds, and the server asks the provider, until the payer answered or it expired.

const POLL_MS = 3000;

const TEXTS: Record<PushResponse['status'], { title: string; body: string }> = {
  en_attente: {
    title: 'Validez le paiement sur votre téléphone',
    body: 'Une demande de paiement mobile money s’affiche sur votre téléphone : validez-la avec votre code secret. Nous attendons votre réponse (5 minutes au plus).',
  },
  approuve: { title: 'Merci, paiement reçu !', body: 'Votre reçu vous est envoyé par SMS.' },
  refuse: { title: 'Paiement refusé', body: 'La demande a été refusée sur le téléphone. Aucun montant n’a été débité.' },
  expire: { title: 'Demande expirée', body: 'Le téléphone n’a pas répondu à temps. Vous pouvez recommencer.' },
};

export function PushWaiting({
  id,
  onDone,
  againLabel = 'Faire un autre don',
}: {
  id: string;
  onDone: () => void;
  /** The button once approved (« Faire un autre don », « Faire un autre paiement »…). */
  againLabel?: string;
}) {
  const [status, setStatus] = useState<PushResponse['status']>('en_attente');
  useEffect(() => {
    if (status !== 'en_attente') return;
    const timer = window.setInterval(() => {
      api.get<PushResponse>(`/payments/push/${id}`).then(
        (answer) => setStatus(answer.status),
        () => {},
      );
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [id, status]);
  const text = TEXTS[status];
  return (
    <div role="status" data-push-id={id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{text.title}</h2>
      <p className="mt-2 text-slate-700">{text.body}</p>
      {status !== 'en_attente' ? (
        <Button className="mt-4" onClick={onDone}>
          {status === 'approuve' ? againLabel : 'Recommencer'}
        </Button>
      ) : null}
    </div>
  );
}
