// The ticket of an event registration whose seats are being paid: the event page (features/events/event-page.tsx)
// keeps its address on this device before leaving for the checkout, and the payment page
// (features/payments/payment-page.tsx) links to it on the way back. Only the ticket's own address, which its holder
// also gets by SMS; kept for the browser tab only.

const TICKET_KEY = 'asbe:billet-en-paiement';

export function rememberTicket(ticketUrl: string | null): void {
  try {
    if (ticketUrl === null) sessionStorage.removeItem(TICKET_KEY);
    else sessionStorage.setItem(TICKET_KEY, ticketUrl);
  } catch {}
}

export function readTicket(): string | null {
  try {
    return sessionStorage.getItem(TICKET_KEY);
  } catch {
    return null;
  }
}
