// After an approved donation the page thanks the donor and offers the receipt, and keeps doing so after
// a reload (docs/product/donors.md): the return flow remembers it for the tab; "Faire un autre don" forgets it.
const KEY = 'donation.thanks';

export interface DonationThanks {
  receiptUrl: string;
  amount: number | null;
  purpose: string | null;
  /** The gift pays a pledge (« chaque mois »). */
  pledge?: boolean;
}

export function rememberDonationThanks(thanks: DonationThanks): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(thanks));
  } catch {
    // Storage refused (private mode): the thank-you still shows until the page is left.
  }
}

export function readDonationThanks(): DonationThanks | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<DonationThanks> | null;
    if (value && typeof value.receiptUrl === 'string' && value.receiptUrl.startsWith('/api/receipts/')) {
      return {
        receiptUrl: value.receiptUrl,
        amount: typeof value.amount === 'number' ? value.amount : null,
        purpose: value.purpose ?? null,
        pledge: value.pledge === true,
      };
    }
  } catch {
    // A damaged entry is treated as absent.
  }
  return null;
}

export function forgetDonationThanks(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
