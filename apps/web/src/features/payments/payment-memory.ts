// What the payment page keeps on this device across the trip to the checkout (issue 33 item 7): the amount and type
// typed (given back after a refusal). The payment just approved is kept with the return's history entry only
// (use-return-flow.ts), so a new visit of /paiement opens a fresh form.
// Never personal data, never replayed: the person presses « Payer » again.

const TYPED_KEY = 'asbe:paiement-saisi';

/** The amount and the type (payment) or cause (donation) typed before leaving for the checkout. */
export interface TypedPayment {
  amount: string;
  payment_type?: string;
  purpose?: string;
}
export interface PaidPayment {
  amount: number | null;
  paymentType: string | null;
  receiptUrl: string | null;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {}
}

export const rememberTyped = (typed: TypedPayment | null, kind: 'payment' | 'donation' = 'payment') => write(`${TYPED_KEY}:${kind}`, typed);
export const readTyped = (kind: 'payment' | 'donation' = 'payment') => read<TypedPayment>(`${TYPED_KEY}:${kind}`);
