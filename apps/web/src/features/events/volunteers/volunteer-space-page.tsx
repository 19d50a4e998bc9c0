import type { Shift } from '@shared/schemas/events';
import { EVENT_MESSAGES, hasEnded, SHIFT_CHECK_OUT_GRACE_MINUTES } from '@shared/zod-free/events';
import { formatCotonouDateTime } from '@shared/format';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError } from '@web/lib/api-client';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '@web/lib/router';
import {
  confirmShift,
  fetchMyShifts,
  leaveShift,
  loginVolunteer,
  requestVolunteerCode,
  stampShift,
  takeShift,
  VOLUNTEER_TOKEN_KEY,
  volunteerToken,
} from '../api';

const STATUS_LABELS: Record<string, string> = {
  inscrit: 'Inscrit(e), à confirmer',
  confirme: 'Confirmé',
  libere: 'Libéré',
  annule: 'Annulé',
};
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');

/** /benevole: a confirmed volunteer proves their telephone with an SMS code, then takes and confirms shifts. */
export default function VolunteerSpacePage() {
  const [token, setToken] = useState<string | null>(() => volunteerToken());
  const [params, setParams] = useSearchParams();

  // The SMS link sent 48 hours before confirms the slot without signing in.
  useEffect(() => {
    const shift = params.get('confirmer');
    const s = params.get('s');
    const sig = params.get('sig');
    if (!shift || !s || !sig) return;
    confirmShift(null, Number(shift), { s, sig })
      .then((r) => notify.success(r.message))
      .catch((e) => notify.error(errorText(e)))
      .finally(() => setParams({}, { replace: true }));
  }, [params, setParams]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <PageTitle title="Espace bénévole">Espace bénévole</PageTitle>
      {token ? (
        <Shifts
          token={token}
          onSignOut={() => {
            localStorage.removeItem(VOLUNTEER_TOKEN_KEY);
            setToken(null);
          }}
        />
      ) : (
        <CodeLogin
          onToken={(t) => {
            localStorage.setItem(VOLUNTEER_TOKEN_KEY, t);
            setToken(t);
          }}
        />
      )}
    </section>
  );
}

function CodeLogin({ onToken }: { onToken: (token: string) => void }) {
  const [telephone, setTelephone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (!sent) {
        notify.success((await requestVolunteerCode(telephone)).message);
        setSent(true);
      } else {
        onToken((await loginVolunteer(telephone, code)).token);
      }
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p>Recevez un code par SMS sur le téléphone que vous avez donné en devenant bénévole.</p>
      <TelephoneField value={telephone} onChange={(e) => setTelephone(e.target.value)} readOnly={sent} />
      {sent ? (
        <TextField
          label="Code reçu par SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : null}
      <Button type="submit" isLoading={busy} className="self-start">
        {sent ? 'Se connecter' : 'Recevoir un code'}
      </Button>
    </form>
  );
}

function Shifts({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const [shifts, setShifts] = useState<Shift[] | null>(null);
  const load = useCallback(async () => {
    try {
      setShifts(await fetchMyShifts(token));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) onSignOut();
      else notify.error(errorText(error));
    }
  }, [token, onSignOut]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = (action: () => Promise<unknown>) => async () => {
    try {
      const r = await action();
      if (r && typeof r === 'object' && 'message' in r) notify.success(String(r.message));
      await load();
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            downloadFile('/volunteers/me/attestation', 'attestation-benevolat.pdf', { token }).catch((e) => notify.error(errorText(e)))
          }
        >
          Mon attestation de bénévolat (PDF)
        </Button>
        <Button variant="ghost" onClick={onSignOut}>
          Se déconnecter
        </Button>
      </div>
      <h2 className="text-xl font-bold text-emerald-950">Créneaux</h2>
      {shifts?.length === 0 ? <p>Aucun créneau ouvert pour le moment.</p> : null}
      <ul className="flex flex-col gap-3">
        {shifts?.map((s) => {
          // Only what the API still takes: a slot until the start, confirming and leaving until the end, the
          // arrival until the end and the departure until 2 hours after it.
          const now = new Date();
          const started = Date.parse(s.starts_at) <= now.getTime();
          const over = hasEnded(s, now);
          const checkOutOpen = now.getTime() <= Date.parse(s.ends_at) + SHIFT_CHECK_OUT_GRACE_MINUTES * 60_000;
          const mine = s.my_status === 'inscrit' || s.my_status === 'confirme';
          return (
            <li key={s.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="font-bold">
                {s.event_title} — {s.label}
              </p>
              <p>
                {formatCotonouDateTime(s.starts_at)} → {formatCotonouDateTime(s.ends_at)}
              </p>
              <p>
                {s.slots_left} place{s.slots_left > 1 ? 's' : ''} libre{s.slots_left > 1 ? 's' : ''}
                {s.my_status ? ` · ${STATUS_LABELS[s.my_status]}` : ''}
              </p>
              {over ? <p className="font-semibold">{EVENT_MESSAGES.shiftEnded}</p> : null}
              <div className="mt-2 flex flex-wrap gap-2">
                {!mine && !started ? (
                  <Button onClick={act(() => takeShift(token, s.id))} disabled={s.slots_left === 0}>
                    Je prends ce créneau
                  </Button>
                ) : null}
                {s.my_status === 'inscrit' && !over ? <Button onClick={act(() => confirmShift(token, s.id))}>Je confirme</Button> : null}
                {mine ? (
                  <>
                    {!s.checked_in_at && !over ? (
                      <Button variant="secondary" onClick={act(() => stampShift(token, s.id, 'in'))}>
                        J'arrive
                      </Button>
                    ) : null}
                    {s.checked_in_at && !s.checked_out_at && checkOutOpen ? (
                      <Button variant="secondary" onClick={act(() => stampShift(token, s.id, 'out'))}>
                        Je pars
                      </Button>
                    ) : null}
                    {!over ? (
                      <Button variant="ghost" onClick={act(() => leaveShift(token, s.id))}>
                        Me désinscrire
                      </Button>
                    ) : null}
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
