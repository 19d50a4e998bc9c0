import { describe, expect, it } from 'vitest';
import { membershipSummarySchema } from './membership';
import { cancelRecordSchema, offlinePaymentSchema } from './offline-payment';

// The same schema checks the dashboard form and the API route; these are the rules both rely on.
const cash = {
  kind: 'donation',
  amount: '5 000',
  name: 'Awa',
  telephone: '+229 61 00 00 01',
  method: 'especes',
  reference: 'R-1',
  received_at: '2026-01-05',
  purpose: 'sante',
};

describe('offlinePaymentSchema', () => {
  it('accepts a cash donation, reading « 5 000 » as 5000 FCFA', () => {
    const parsed = offlinePaymentSchema.parse(cash);
    expect(parsed.amount).toBe(5000);
  });
  it('asks for the cause of a donation and the type of a payment', () => {
    const donation = offlinePaymentSchema.safeParse({ ...cash, purpose: undefined });
    expect(donation.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['purpose', 'Veuillez choisir la cause du don.']]);
    const payment = offlinePaymentSchema.safeParse({ ...cash, kind: 'payment' });
    expect(payment.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['payment_type', 'Veuillez choisir le type de paiement.'],
    ]);
  });
  it('refuses an impossible or future date', () => {
    expect(offlinePaymentSchema.safeParse({ ...cash, received_at: '2026-13-01' }).success).toBe(false);
    expect(offlinePaymentSchema.safeParse({ ...cash, received_at: '2999-01-01' }).success).toBe(false);
  });
});

describe('cancelRecordSchema', () => {
  it('treats an absent body or a blank reason as no reason', () => {
    expect(cancelRecordSchema.parse(undefined)).toEqual({ reason: null });
    expect(cancelRecordSchema.parse({ reason: '   ' })).toEqual({ reason: null });
    expect(cancelRecordSchema.parse({ reason: ' Doublon ' })).toEqual({ reason: 'Doublon' });
  });
});

describe('membershipSummarySchema', () => {
  it('only knows the four contract statuses', () => {
    expect(membershipSummarySchema.safeParse({ status: 'a_jour', valid_until: '2027-01-01' }).success).toBe(true);
    expect(membershipSummarySchema.safeParse({ status: 'active', valid_until: null }).success).toBe(false);
  });
});
