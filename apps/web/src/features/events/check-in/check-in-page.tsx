import { formatCotonouTime } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { downloadFile } from '@web/lib/download-file';
import { notify, TOAST_WANTED_EVENT } from '@web/lib/notify';
import { session } from '@web/lib/session';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from '@web/lib/router';
import { volunteerToken } from '../api';
import { countOf } from '../event-format';
import {
  deviceId,
  fetchTickets,
  findHeld,
  type HeldTicket,
  parseScan,
  queuedScans,
  saveQueue,
  saveHashing,
  saveTickets,
  scanHash,
  sendScan,
  heldTickets,
} from './check-in-store';

const loadScanner = () => import('./qr-scanner');
const QrScanner = lazy(loadScanner);
const RETRY_MS = 5000;

interface Result {
  tone: 'ok' | 'warn' | 'error';
  text: string;
}

/** /accueil/:eventId: the reception's check-in, usable without network (scans kept and sent when back). */
export default function CheckInPage() {
  const { eventId = '' } = useParams();
  const bearer = session.token() ?? volunteerToken();
  const isAdmin = session.role() === 'administrateur';
  const [tickets, setTickets] = useState<HeldTicket[]>(() => heldTickets(eventId));
  const [pending, setPending] = useState(() => queuedScans(eventId).length);
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const [result, setResult] = useState<Result | null>(null);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const flushing = useRef(false);
  const device = useRef<string>('');

  const refresh = useCallback(async () => {
    try {
      const list = await fetchTickets(eventId, bearer);
      // Scans still queued here keep their local mark until the server has them.
      const queued = new Set(queuedScans(eventId).map((s) => s.hash));
      const local = heldTickets(eventId);
      const merged = list.tickets.map((t) => {
        const mine = local.find((l) => l.token_hash === t.token_hash);
        return mine && queued.has(t.token_hash) && !t.checked_in_at ? mine : t;
      });
      // A ticket this device scanned that another device scanned first: this device is told.
      for (const t of merged) {
        const before = local.find((l) => l.token_hash === t.token_hash);
        if (before?.checked_in_device === device.current && t.checked_in_device && t.checked_in_device !== device.current) {
          notify.info(`${t.name} : déjà scanné sur un autre appareil à ${formatCotonouTime(t.checked_in_at!)}.`);
        }
      }
      saveHashing(eventId, { salt: list.code_salt, iterations: list.code_iterations });
      saveTickets(eventId, merged);
      setTickets(merged);
    } catch {
      // Offline: the tickets held on the device are used.
    }
  }, [eventId, bearer]);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      let queue = queuedScans(eventId);
      while (queue.length > 0) {
        const scan = queue[0]!;
        const outcome = await sendScan(eventId, bearer, scan);
        if (outcome.kind === 'offline') break;
        if (outcome.kind === 'duplicate') notify.info(`Scan de ${formatCotonouTime(scan.scanned_at)} : ${outcome.message}`);
        if (outcome.kind === 'refused') notify.error(outcome.message);
        queue = queuedScans(eventId).slice(1);
        saveQueue(eventId, queue);
        setPending(queue.length);
      }
      if (queue.length === 0) await refresh();
    } finally {
      flushing.current = false;
    }
  }, [eventId, bearer, refresh]);

  useEffect(() => {
    // Everything the page may load later is loaded now, while the network is there: the camera reader and the
    // notifications' code must not be fetched for the first time at a door without network.
    void loadScanner().catch(() => {});
    window.dispatchEvent(new Event(TOAST_WANTED_EVENT));
    device.current = deviceId();
    void refresh().then(flush);
    const back = () => {
      setOnline(true);
      void flush();
    };
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    const timer = window.setInterval(() => {
      if (queuedScans(eventId).length > 0) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
      window.clearInterval(timer);
    };
  }, [eventId, flush, refresh]);

  const scan = useCallback(
    async (value: string) => {
      setCamera(false);
      const parsed = parseScan(value);
      if (!parsed.token && !parsed.code) return;
      const hash = await scanHash(eventId, parsed);
      const list = heldTickets(eventId);
      const held = findHeld(list, hash);
      if (held?.status === 'annule') {
        setResult({ tone: 'error', text: 'Billet annulé : cette inscription a été annulée.' });
        return;
      }
      if (held?.checked_in_at) {
        setResult({ tone: 'warn', text: `${held.name} : Déjà enregistré à ${formatCotonouTime(held.checked_in_at)}` });
        return;
      }
      if (!held && list.length > 0 && !navigator.onLine) {
        setResult({ tone: 'error', text: 'Billet inconnu pour cet événement.' });
        return;
      }
      const at = new Date().toISOString();
      if (held) {
        const updated = list.map((t) => (t === held ? { ...t, checked_in_at: at, checked_in_device: device.current } : t));
        saveTickets(eventId, updated);
        setTickets(updated);
        setResult({ tone: 'ok', text: `Bienvenue ${held.name} — ${countOf(held.seats, 'place')}` });
      } else {
        setResult({ tone: 'ok', text: 'Scan enregistré, vérification en cours…' });
      }
      const queue = [...queuedScans(eventId), { ...parsed, scanned_at: at, device_id: device.current, hash: held?.token_hash ?? null }];
      saveQueue(eventId, queue);
      setPending(queue.length);
      void flush();
    },
    [eventId, flush],
  );

  // Cancelled tickets are held only so the door can say so: they are not counted.
  const valid = tickets.filter((t) => t.status !== 'annule');
  const arrived = valid.filter((t) => t.checked_in_at);
  const seatsIn = arrived.reduce((n, t) => n + t.seats, 0);
  if (!bearer) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <PageTitle title="Accueil de l'événement">Accueil de l'événement</PageTitle>
        <p>
          Connectez-vous d’abord : <Link to="/connexion">administrateur</Link> ou <Link to="/benevole">bénévole</Link>.
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-6">
      <PageTitle title="Accueil de l'événement">Accueil</PageTitle>
      <p role="status" className={online ? 'text-emerald-800' : 'font-semibold text-amber-800'} data-testid="network-state">
        {online ? 'En ligne' : 'Hors connexion : les scans sont gardés sur cet appareil.'}
      </p>
      <p data-testid="pending-scans">
        {pending === 0 ? 'Tous les scans sont envoyés.' : `${pending} scan${pending > 1 ? 's' : ''} en attente d’envoi`}
      </p>
      <form
        className="mt-4 flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void scan(code);
          setCode('');
        }}
      >
        <TextField
          label="Code du billet"
          autoCapitalize="characters"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Valider</Button>
          <Button variant="secondary" onClick={() => setCamera((v) => !v)}>
            Scanner un QR code
          </Button>
        </div>
      </form>
      {camera ? (
        <Suspense fallback={<p>Ouverture de la caméra…</p>}>
          <QrScanner onScan={scan} onClose={() => setCamera(false)} />
        </Suspense>
      ) : null}
      {result ? (
        <p
          role="alert"
          data-testid="scan-result"
          className={`mt-4 rounded-md p-4 text-lg font-bold ${result.tone === 'ok' ? 'bg-emerald-100 text-emerald-950' : result.tone === 'warn' ? 'bg-amber-100 text-amber-950' : 'bg-red-100 text-red-900'}`}
        >
          {result.text}
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-bold">
        Présents : {arrived.length} / {countOf(valid.length, 'billet')} ({countOf(seatsIn, 'place')})
      </h2>
      {isAdmin ? (
        <Button
          variant="ghost"
          onClick={() =>
            downloadFile(`/admin/events/${eventId}/attendance?format=csv`, 'presences.csv').catch(() =>
              notify.error('Téléchargement impossible.'),
            )
          }
        >
          Télécharger la liste (CSV)
        </Button>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {valid.map((t) => (
          <li key={t.token_hash} className="flex justify-between py-2">
            <span>
              {t.name} ({t.seats})
            </span>
            <span>{t.checked_in_at ? formatCotonouTime(t.checked_in_at) : '—'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
