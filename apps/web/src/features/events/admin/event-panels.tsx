import type { AdminShift, AttendanceItem, Reception, ShiftRosterItem } from '@shared/schemas/events';
import { REGISTRATION_STATUS_LABELS, refundDueLabel } from '@shared/schemas/events';
import { formatCotonouDateTime, formatCotonouTime } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useCallback, useEffect, useState } from 'react';
import { countOf } from '../event-format';

// The coordinator's screens of one event: its registrations and waiting list (with positions, cancel from here),
// its reception volunteers chosen by name, and each shift's roster with the hours to confirm.

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
const ordinal = (n: number) => (n === 1 ? '1ʳᵉ' : `${n}ᵉ`);

function useLoad<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const load = useCallback(() => {
    api
      .get<T>(path)
      .then(setData)
      .catch((e) => notify.error(errorText(e)));
  }, [path]);
  useEffect(load, [load]);
  return [data, load] as const;
}

export function RegistrationsPanel({ eventId, over = false }: { eventId: number; over?: boolean }) {
  const [rows, load] = useLoad<AttendanceItem[]>(`/admin/events/${eventId}/attendance`);
  const [toCancel, setToCancel] = useState<AttendanceItem | null>(null);
  const [busy, setBusy] = useState(false);
  if (!rows) return <p>Chargement…</p>;
  const active = rows.filter((r) => r.status !== 'annule' && r.status !== 'liste_attente');
  const waiting = rows.filter((r) => r.status === 'liste_attente');
  // Money received and owed back, refunded by hand: a registration listed above says it on its line (paid twice); a
  // cancelled or expired one (paid, then cancelled; paid without a seat) is listed here, the lists above leaving it out.
  const refunds = rows.filter((r) => r.refund_due > 0 && (r.status === 'annule' || r.status === 'expire'));
  const cancel = async () => {
    if (!toCancel) return;
    setBusy(true);
    try {
      await api.delete(`/admin/registrations/${toCancel.id}`);
      notify.success('Inscription annulée.');
      setToCancel(null);
      load();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const row = (r: AttendanceItem) => (
    <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`registration-${r.id}`}>
      <span className="min-w-0 break-words">
        {r.waiting_position ? <strong>{ordinal(r.waiting_position)} · </strong> : null}
        {r.name} · {countOf(r.seats, 'place')} · {REGISTRATION_STATUS_LABELS[r.status]}
        {r.checked_in_at ? ` · arrivé à ${formatCotonouTime(r.checked_in_at)}` : ''}
        {r.refund_due > 0 ? (
          <strong className="block text-amber-800" data-testid={`refund-${r.id}`}>
            {refundDueLabel(r.refund_due)}
          </strong>
        ) : null}
      </span>
      {r.checked_in_at || r.status === 'annule' || r.status === 'expire' ? null : (
        <Button variant="secondary" onClick={() => setToCancel(r)}>
          Annuler
        </Button>
      )}
    </li>
  );
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">Inscriptions ({countOf(active.length, 'inscription')})</h3>
      {active.length === 0 ? <p>Aucune inscription.</p> : <ul className="divide-y divide-slate-200">{active.map(row)}</ul>}
      <h3 className="font-bold">Liste d’attente ({countOf(waiting.length, 'personne')})</h3>
      {waiting.length === 0 ? <p>Personne en attente.</p> : <ol className="divide-y divide-slate-200">{waiting.map(row)}</ol>}
      {refunds.length > 0 ? (
        <>
          <h3 className="font-bold">Remboursements à faire ({countOf(refunds.length, 'inscription')})</h3>
          <ul className="divide-y divide-slate-200">{refunds.map(row)}</ul>
        </>
      ) : null}
      <ConfirmDialog
        isOpen={toCancel !== null}
        title="Annuler l’inscription"
        message={
          toCancel
            ? `Annuler l’inscription de ${toCancel.name} (${countOf(toCancel.seats, 'place')}) ? ${
                over
                  ? 'L’événement est terminé : la liste d’attente ne bouge plus et personne n’est prévenu.'
                  : 'La personne suivante sur la liste d’attente recevra la place.'
              }`
            : ''
        }
        onCancel={() => setToCancel(null)}
        onConfirm={() => void cancel()}
        isPending={busy}
        cancelLabel="Garder"
        confirmLabel="Annuler l’inscription"
      />
    </div>
  );
}

export function ReceptionPanel({ eventId }: { eventId: number }) {
  const [reception, load] = useLoad<Reception>(`/admin/events/${eventId}/reception`);
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  if (!reception) return <p>Chargement…</p>;
  const selected = chosen ?? new Set(reception.volunteer_ids);
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const save = async () => {
    try {
      await api.put(`/admin/events/${eventId}/reception`, { volunteer_ids: [...selected] });
      notify.success('Accueil enregistré.');
      setChosen(null);
      load();
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-bold">Bénévoles à l'accueil</legend>
      {reception.candidates.length === 0 ? <p>Aucun bénévole confirmé.</p> : null}
      {reception.candidates.map((c) => (
        <label key={c.id} className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-6" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
          <span className="break-words">{c.name}</span>
        </label>
      ))}
      <Button className="self-start" onClick={() => void save()}>
        Enregistrer l'accueil
      </Button>
    </fieldset>
  );
}

export function ShiftsPanel({ eventId, version }: { eventId: number; version: number }) {
  const [shifts, load] = useLoad<AdminShift[]>(`/admin/events/${eventId}/shifts`);
  useEffect(() => {
    if (version > 0) load();
  }, [version, load]);
  if (!shifts) return <p>Chargement…</p>;
  if (shifts.length === 0) return <p>Aucun créneau.</p>;
  return (
    <div className="flex flex-col gap-3">
      {shifts.map((s) => (
        <details key={s.id} className="rounded-md p-2 ring-1 ring-slate-200">
          <summary className="min-h-11 cursor-pointer py-2">
            {s.label} · {formatCotonouDateTime(s.starts_at)} – {formatCotonouTime(s.ends_at)} · {s.taken} / {countOf(s.slots, 'place')}
          </summary>
          <Roster shiftId={s.id} />
        </details>
      ))}
    </div>
  );
}

const hoursText = (minutes: number) => `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;

function Roster({ shiftId }: { shiftId: number }) {
  const [rows, load] = useLoad<ShiftRosterItem[]>(`/admin/shifts/${shiftId}/signups`);
  const [minutes, setMinutes] = useState<Record<number, string>>({});
  if (!rows) return <p>Chargement…</p>;
  if (rows.length === 0) return <p>Aucun bénévole inscrit.</p>;
  const confirm = async (r: ShiftRosterItem) => {
    const typed = minutes[r.id];
    try {
      await api.post(`/admin/shifts/${shiftId}/signups/${r.id}/hours`, {
        confirmed: true,
        ...(typed ? { minutes: Number(typed) } : {}),
      });
      notify.success(`Heures de ${r.name} confirmées.`);
      load();
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <ul className="divide-y divide-slate-200">
      {rows.map((r) => (
        <li key={r.id} className="flex flex-col gap-2 py-2" data-testid={`signup-${r.id}`}>
          <p className="break-words">
            <strong>{r.name}</strong> · {r.status === 'annule' ? 'désinscrit' : r.status === 'confirme' ? 'confirmé' : 'inscrit'}
          </p>
          <p>
            Arrivée : {r.checked_in_at ? formatCotonouTime(r.checked_in_at) : '—'} · Départ :{' '}
            {r.checked_out_at ? formatCotonouTime(r.checked_out_at) : '—'}
            {r.served_minutes !== null ? ` · dans le créneau : ${hoursText(r.served_minutes)}` : ''}
          </p>
          {r.confirmed_minutes !== null ? <p className="text-emerald-800">Heures confirmées : {hoursText(r.confirmed_minutes)}</p> : null}
          {r.status !== 'annule' ? (
            <div className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col text-sm">
                Minutes (ajuster si besoin)
                <input
                  inputMode="numeric"
                  className="min-h-11 w-28 rounded-md border border-slate-300 px-2"
                  placeholder={r.served_minutes !== null ? String(r.served_minutes) : ''}
                  value={minutes[r.id] ?? ''}
                  onChange={(e) => setMinutes((m) => ({ ...m, [r.id]: e.target.value }))}
                />
              </label>
              <Button onClick={() => void confirm(r)}>
                {r.confirmed_minutes !== null ? 'Corriger les heures' : 'Confirmer les heures'}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
