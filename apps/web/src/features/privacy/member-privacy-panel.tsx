import type { MessageResponse } from '@shared/schemas/api-common';
import { type ConsentPurpose, type MyConsents, PRIVACY_MESSAGES as M } from '@shared/schemas/privacy';
import { formatDate } from '@shared/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, api, apiRequest } from '@web/lib/api-client';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { inCodeWindow, PROFILE_QUERY_KEY, useProfile } from '@web/components/account/use-profile';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from '@web/lib/router';

// The member space's « Mes données » (docs/product/personal-data.md): the person's consents, each switched on or
// off (WhatsApp included: the channel the messages then take), the download of everything held about them, and the
// deletion of their account with their current password (or none, within 15 minutes of an SMS code sign-in).

const KEY = ['profile', 'consents'] as const;

export function MemberPrivacyPanel() {
  const client = useQueryClient();
  const consents = useQuery({ queryKey: KEY, queryFn: () => api.get<MyConsents>('/profile/consents') });
  const toggle = useMutation({
    mutationFn: (v: { purpose: ConsentPurpose; given: boolean }) => api.put<MyConsents>('/profile/consents', v),
    // The box follows the click at once; the server's answer (or a failure) settles it.
    onMutate: (v) => {
      const before = client.getQueryData<MyConsents>(KEY);
      if (before)
        client.setQueryData(
          KEY,
          before.map((c) => (c.purpose === v.purpose ? { ...c, given: v.given } : c)),
        );
      return { before };
    },
    onSuccess: (data, v) => {
      client.setQueryData(KEY, data);
      notify.success(v.given ? M.consentGiven : M.consentWithdrawn);
    },
    onError: (error, _v, context) => {
      if (context?.before) client.setQueryData(KEY, context.before);
      notify.error(error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
    },
  });
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile('/profile/export', 'donnees-personnelles.zip');
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="privacy-title" className="max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="privacy-title" className="flex items-center gap-2 text-xl font-bold text-emerald-950">
        <ShieldCheck aria-hidden size={22} /> Mes données et mes choix
      </h2>
      {consents.isError ? (
        <p role="alert" className="text-red-800">
          Vos choix n’ont pas pu être chargés. Veuillez réessayer.
        </p>
      ) : !consents.data ? (
        <Spinner />
      ) : (
        <ul className="space-y-3">
          {consents.data.map((c) => (
            <li key={c.purpose} className="flex items-start gap-3">
              <input
                id={`consent-${c.purpose}`}
                type="checkbox"
                className="mt-1 h-5 w-5 shrink-0 accent-emerald-700"
                checked={c.given}
                disabled={toggle.isPending}
                onChange={(e) => toggle.mutate({ purpose: c.purpose, given: e.target.checked })}
              />
              <label htmlFor={`consent-${c.purpose}`} className="min-w-0">
                <span className="font-semibold">{c.label}</span>
                <span className="block text-sm text-slate-600">{c.text}</span>
                {c.since ? (
                  <span className="block text-xs text-slate-500">
                    {c.given ? 'Accordé' : 'Retiré'} le {formatDate(c.since)}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-3 pt-2">
        <Button variant="secondary" isLoading={downloading} loadingText="Préparation…" onClick={download}>
          <Download aria-hidden size={18} /> Télécharger mes données
        </Button>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden size={18} /> Supprimer mon compte
        </Button>
      </div>
      <p className="text-sm">
        <Link className="text-emerald-800 underline" to="/confidentialite">
          Comment l’association utilise vos données
        </Link>
      </p>
      <DeleteAccountDialog isOpen={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const profile = useProfile();
  // Signed in by SMS code less than 15 minutes ago (the server says so): no password is asked, the telephone is proved.
  const byCode = inCodeWindow(profile.data);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: () => apiRequest<MessageResponse>('/profile', { method: 'DELETE', body: byCode ? {} : { current_password: password } }),
    onSuccess: (res) => {
      session.clearTokenAndRole();
      notify.success(res.message);
      navigate('/');
    },
    onError: (err) => {
      setError(err instanceof ApiError ? (err.errors?.current_password?.[0] ?? err.message) : M.passwordWrong);
      // The 15 minutes may have ended while the dialog was open: the server's answer shows the password field again.
      if (byCode) void client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
  return (
    <Modal isOpen={isOpen} title="Supprimer mon compte" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          remove.mutate();
        }}
      >
        <p className="text-slate-800">
          Votre compte et vos données personnelles seront supprimés. Vos dons restent dans la comptabilité de l’association, sans votre nom,
          votre téléphone ni votre e-mail. Cette action est définitive.
        </p>
        {profile.isPending ? (
          <Spinner />
        ) : byCode ? (
          <p className="text-sm text-slate-700">
            Vous êtes connecté(e) par un code reçu par SMS : aucun mot de passe n’est demandé.
            {error ? (
              <span role="alert" className="block text-red-800">
                {error}
              </span>
            ) : null}
          </p>
        ) : (
          <TextField
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="Pas de mot de passe ? Déconnectez-vous puis reconnectez-vous avec un code reçu par SMS : pendant 15 minutes, la suppression ne le demandera pas."
            error={error}
          />
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" isLoading={remove.isPending} loadingText="Suppression…" disabled={profile.isPending}>
            Supprimer définitivement
          </Button>
        </div>
      </form>
    </Modal>
  );
}
