import { type AdminOrganisation, ORGANISATION_MESSAGES } from '@shared/schemas/organisation';
import { checkFileMeta, FILE_RULES } from '@shared/schemas/upload-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useRef, useState } from 'react';

// The receipts' signature (docs/product/payments.md "Receipts"): a PNG or JPEG of at most 1 Mo, sent on its own
// (the server checks its bytes and keeps it); until one is set, receipts carry none.

const RULE = FILE_RULES.signature;

export function SignatureForm({ imageUrl }: { imageUrl: string | null }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const done = (organisation: AdminOrganisation, message: string) => {
    queryClient.setQueryData(['admin', 'settings', 'organisation'], organisation);
    void queryClient.invalidateQueries({ queryKey: ['organisation'] });
    if (input.current) input.current.value = '';
    notify.success(message);
  };
  const send = async () => {
    const file = input.current?.files?.[0];
    const problem = file ? checkFileMeta(file, RULE) : RULE.requiredMessage;
    setError(problem ?? undefined);
    if (!file || problem) return;
    const body = new FormData();
    body.append('signature', file);
    setBusy(true);
    try {
      done(await api.post<AdminOrganisation>('/admin/organisation/signature', body), ORGANISATION_MESSAGES.signatureSaved);
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors.signature?.[0] ?? e.message) : RULE.typeMessage);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      done(await api.delete<AdminOrganisation>('/admin/organisation/signature'), ORGANISATION_MESSAGES.signatureRemoved);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="signature-title"
      className="flex max-w-2xl flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h3 id="signature-title" className="text-lg font-bold text-emerald-950">
        Signature des reçus
      </h3>
      {imageUrl ? (
        <figure className="flex flex-col gap-2">
          <img
            src={imageUrl}
            alt="Signature actuelle des reçus"
            className="h-16 w-auto self-start rounded bg-white ring-1 ring-slate-200"
          />
          <figcaption className="text-sm text-slate-700">Elle figure sur chaque reçu, en HTML et en PDF.</figcaption>
        </figure>
      ) : (
        <p className="text-slate-700">{'Aucune signature\u00a0: les reçus n’en affichent pas.'}</p>
      )}
      <TextField
        ref={input}
        type="file"
        name="signature"
        label={imageUrl ? 'Nouvelle image de signature' : 'Image de la signature'}
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        hint="PNG ou JPEG, 1 Mo au plus."
        error={error}
        onChange={() => setError(undefined)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => void send()} isLoading={busy} loadingText="Envoi…">
          Enregistrer la signature
        </Button>
        {imageUrl ? (
          <Button type="button" variant="secondary" onClick={() => void remove()} disabled={busy}>
            Retirer la signature
          </Button>
        ) : null}
      </div>
    </section>
  );
}
