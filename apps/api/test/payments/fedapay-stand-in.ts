import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for FedaPay's HTTP API on loopback, speaking its wire format as the official library
// expects it: resources wrapped in {"v1/transaction": {...}}, POST /v1/transactions/{id}/token →
// {token, url}, POST /v1/{mode} with {token, phone_number: {number, country}} for a payment without redirection
// (mtn_open, moov, sbin in Benin), bearer secret key, 404 for an unknown transaction. Tests steer it (status, amount,
// outages).

export interface StandInTransaction {
  id: number;
  klass: 'v1/transaction';
  reference: string;
  transaction_key: string;
  amount: number;
  description: string;
  callback_url: string | null;
  status: string;
  customer_id: number | null;
  currency_id: number;
  mode: string | null;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  canceled_at: string | null;
  declined_at: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

const CURRENCIES: Record<
  number,
  { klass: 'v1/currency'; id: number; name: string; iso: string; code: number; prefix: null; suffix: string; div: number }
> = {
  1: { klass: 'v1/currency', id: 1, name: 'FCFA', iso: 'XOF', code: 952, prefix: null, suffix: 'CFA', div: 1 },
  2: { klass: 'v1/currency', id: 2, name: 'Naira', iso: 'NGN', code: 566, prefix: null, suffix: '₦', div: 1 },
};

export async function startFedaPayStandIn(secretKey: string) {
  const transactions = new Map<number, StandInTransaction>();
  const requests: RecordedRequest[] = [];
  let nextId = 104_000;
  /** Payment tokens by value → their transaction, as POST /v1/{mode} finds them. */
  const tokens = new Map<string, number>();
  /** The requests sent to a payer's telephone, by transaction: the mode and the number. */
  const pushes = new Map<number, { mode: string; number: string; country: string }>();
  let failing = false;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const withCurrency = (t: StandInTransaction, include: string | undefined) =>
    include?.split(',').includes('currency') ? { ...t, currency: CURRENCIES[t.currency_id] } : t;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return send(res, 400, { message: 'Invalid JSON' });
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      if (failing) return send(res, 500, { message: 'Internal Server Error' });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return send(res, 401, { message: 'Unauthenticated.' });

      if (req.method === 'POST' && url.pathname === '/v1/transactions') {
        const b = (body ?? {}) as {
          amount?: unknown;
          description?: unknown;
          currency?: { iso?: string };
          callback_url?: string;
          customer?: { email?: unknown; phone_number?: { number?: unknown; country?: unknown } } | null;
        };
        if (!Number.isInteger(b.amount) || (b.amount as number) <= 0 || typeof b.description !== 'string') {
          return send(res, 400, { message: 'Les données fournies sont invalides.', errors: { amount: ['Le montant est invalide.'] } });
        }
        // FedaPay's customer (its "Create a customer" reference): an e-mail or a telephone number, at least one.
        const customer = b.customer;
        if (customer) {
          const hasEmail = typeof customer.email === 'string' && customer.email.includes('@');
          const phone = customer.phone_number;
          const hasPhone = phone !== undefined && phone !== null && String(phone.number ?? '') !== '' && typeof phone.country === 'string';
          if (!hasEmail && !hasPhone) {
            return send(res, 400, {
              message: 'Les données fournies sont invalides.',
              errors: { 'customer.email': ["L'email ou le numéro de téléphone du client est requis."] },
            });
          }
        }
        const currencyId = Number(Object.entries(CURRENCIES).find(([, c]) => c.iso === (b.currency?.iso ?? 'XOF'))?.[0] ?? 0);
        if (!currencyId) return send(res, 400, { message: 'Devise invalide.' });
        const now = new Date().toISOString();
        nextId += 1;
        const tx: StandInTransaction = {
          id: nextId,
          klass: 'v1/transaction',
          reference: `trx_${randomBytes(4).toString('hex')}`,
          transaction_key: randomBytes(6).toString('hex'),
          amount: b.amount as number,
          description: b.description,
          callback_url: b.callback_url ?? null,
          status: 'pending',
          customer_id: 1,
          currency_id: currencyId,
          mode: null,
          created_at: now,
          updated_at: now,
          approved_at: null,
          canceled_at: null,
          declined_at: null,
        };
        transactions.set(tx.id, tx);
        return send(res, 200, { 'v1/transaction': tx });
      }
      const token = /^\/v1\/transactions\/(\d+)\/token$/.exec(url.pathname);
      if (req.method === 'POST' && token) {
        if (!transactions.has(Number(token[1]))) return send(res, 404, { message: 'Transaction introuvable.' });
        const value = randomBytes(16).toString('hex');
        tokens.set(value, Number(token[1]));
        return send(res, 200, { token: value, url: `https://process.fedapay.com/${value}` });
      }
      const push = /^\/v1\/(mtn_open|moov|sbin|moov_tg|togocel|mtn_ci)$/.exec(url.pathname);
      if (req.method === 'POST' && push) {
        const b = (body ?? {}) as { token?: unknown; phone_number?: { number?: unknown; country?: unknown } | null };
        const txId = typeof b.token === 'string' ? tokens.get(b.token) : undefined;
        const tx = txId === undefined ? undefined : transactions.get(txId);
        if (!tx) return send(res, 400, { message: 'Token invalide.' });
        const number = String(b.phone_number?.number ?? '');
        if (!number || typeof b.phone_number?.country !== 'string') {
          return send(res, 400, { message: 'Paramètre manquant ou la valeur est vide phone_number' });
        }
        if (tx.status !== 'pending') return send(res, 400, { message: 'La transaction a déjà été traitée.' });
        tx.mode = push[1]!;
        tx.updated_at = new Date().toISOString();
        pushes.set(tx.id, { mode: push[1]!, number, country: b.phone_number!.country as string });
        return send(res, 200, { message: 'success' });
      }
      const one = /^\/v1\/transactions\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const tx = transactions.get(Number(one[1]));
        if (!tx) return send(res, 404, { message: 'Transaction introuvable.' });
        return send(res, 200, { 'v1/transaction': withCurrency(tx, url.searchParams.get('include') ?? undefined) });
      }
      return send(res, 404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transactions,
    pushes,
    setStatus(id: string | number, status: string) {
      const tx = transactions.get(Number(id))!;
      tx.status = status;
      tx.updated_at = new Date().toISOString();
      if (status === 'approved') tx.approved_at = tx.updated_at;
    },
    set(id: string | number, patch: Partial<StandInTransaction>) {
      Object.assign(transactions.get(Number(id))!, patch);
    },
    /** A webhook body as FedaPay sends it: the event with the transaction as its entity. */
    event(id: string | number, eventId: number) {
      const tx = transactions.get(Number(id))!;
      return JSON.stringify({
        id: eventId,
        klass: 'v1/event',
        name: `transaction.${tx.status}`,
        type: `transaction.${tx.status}`,
        object: 'transaction',
        object_id: tx.id,
        account_id: 1,
        entity: { ...tx, currency: CURRENCIES[tx.currency_id] },
        created_at: new Date().toISOString(),
      });
    },
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FedaPayStandIn = Awaited<ReturnType<typeof startFedaPayStandIn>>;
