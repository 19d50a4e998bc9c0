import type { MessageResponse } from '@shared/schemas/api-common';
import { formatDate } from '@shared/format';
import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_WARNING_DAYS,
  type PrivacyRequestRow,
} from '@shared/schemas/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { TextAreaField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, apiPage, api } from '@web/lib/api-client';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useState } from 'react';

// Requests about personal data (docs/product/personal-data.md — Requests): open ones first by due date (45 days after
// the code was entered), marked when due within 7 days or late; an access request's ZIP, an erasure done by
// « Traiter », a refusal with its reason.

const KEY = ['admin', 'privacy-requests'] as const;
const DAY = 24 * 60 * 60 * 1000;

function dueBadge(r: PrivacyRequestRow) {
  if (r.status !== 'a_traiter' || !r.due_at) return null;
  const left = new Date(r.due_at).getTime() - Date.now();
  if (left < 0) return <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-800">En retard</span>;
  if (left <= PRIVACY_REQUEST_WARNING_DAYS * DAY)
    return <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Échéance proche</span>;
  return null;
}

export function PrivacyRequestsView() {
  const list = useQuery({ queryKey: KEY, queryFn: () => apiPage<PrivacyRequestRow>('/admin/privacy-requests', { per_page: 100 }) });
  return (
    <section aria-labelledby="privacy-requests-title" className="space-y-4">
      <h2 id="privacy-requests-title" className="text-2xl font-bold text-emerald-950">
        Demandes sur les données
      </h2>
      {list.isError ? (
        <p role="alert" className="text-red-800">
          Les demandes n’ont pas pu être chargées. Veuillez réessayer.
        </p>
      ) : !list.data ? (
        <Spinner />
      ) : list.data.items.length === 0 ? (
        <p className="text-slate-700">Aucune demande pour le moment.</p>
      ) : (
        <ul className="space-y-3">
          {list.data.items.map((r) => (
            <RequestCard key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request: r }: { request: PrivacyRequestRow }) {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState('');
  const [confirming, setConfirming] = useState(false);
  const who = [r.person_name, r.telephone ?? r.email].filter(Boolean).join(' · ') || `la demande ${r.id}`;
  const close = useMutation({
    mutationFn: (action: 'fulfil' | 'reject') =>
      api.post<MessageResponse>(`/admin/privacy-requests/${r.id}/${action}`, outcome.trim() ? { outcome: outcome.trim() } : {}),
    onSuccess: (res) => {
      setConfirming(false);
      notify.success(res.message);
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['admin', 'waiting'] });
    },
    onError: (error) => notify.error(error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.'),
  });
  const open = r.status === 'a_traiter';
  return (
    <li className="space-y-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={`Demande ${r.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-emerald-950">{PRIVACY_REQUEST_KIND_LABELS[r.kind]}</h3>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm">{PRIVACY_REQUEST_STATUS_LABELS[r.status]}</span>
        {dueBadge(r)}
      </div>
      <p className="text-sm text-slate-700">
        {r.person_name ? `${r.person_name} · ` : ''}
        {r.telephone ?? '—'}
        {r.email ? ` · ${r.email}` : ''} · reçue le {formatDate(r.created_at)}
        {r.due_at ? ` · à traiter avant le ${formatDate(r.due_at)}` : ''}
      </p>
      {r.details ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{r.details}</p> : null}
      {r.outcome ? <p className="text-sm text-slate-700">Réponse&nbsp;: {r.outcome}</p> : null}
      {open ? (
        <div className="space-y-2">
          {r.kind === 'acces' ? (
            <p className="text-sm text-slate-700">
              La personne reçoit par SMS (et par e-mail si elle en a un) un lien personnel, valable 7 jours, vers le résumé de ses données
              et le fichier ZIP.
            </p>
          ) : null}
          <TextAreaField label="Réponse (facultatif)" rows={2} value={outcome} onChange={(e) => setOutcome(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => void downloadFile(`/admin/privacy-requests/${r.id}/export`, `donnees-demande-${r.id}.zip`)}
            >
              Télécharger les données
            </Button>
            <Button
              variant={r.kind === 'effacement' ? 'danger' : 'primary'}
              isLoading={close.isPending && close.variables === 'fulfil'}
              loadingText="En cours..."
              // An erasure cannot be undone: the administrator confirms, seeing whose data it removes.
              onClick={() => (r.kind === 'effacement' ? setConfirming(true) : close.mutate('fulfil'))}
            >
              {r.kind === 'effacement'
                ? 'Effacer les données et clore'
                : r.kind === 'acces'
                  ? 'Envoyer ses données et clore'
                  : 'Marquer traitée'}
            </Button>
            <Button
              variant="secondary"
              isLoading={close.isPending && close.variables === 'reject'}
              loadingText="En cours..."
              onClick={() => close.mutate('reject')}
            >
              Refuser
            </Button>
          </div>
          <ConfirmDialog
            isOpen={confirming}
            title="Confirmer l’effacement"
            message={`Effacer définitivement les données de ${who}\u00a0? La personne sera prévenue par SMS (et par e-mail si elle en a un). Cette action est irréversible.`}
            onCancel={() => setConfirming(false)}
            onConfirm={() => close.mutate('fulfil')}
            isPending={close.isPending}
          />
        </div>
      ) : null}
    </li>
  );
}
