import { isAdviserRole } from '@shared/constants';
import { ACT_AS_MESSAGES } from '@shared/schemas/auth';
import { GUARDED_ACCOUNT_FIELDS, POLICY_MESSAGES } from '@shared/schemas/account-changes';
import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { conflict, forbidden } from '../../platform/lib/http-errors';
import type { Actor } from './guards';

// The rules of « who may act on whom » (docs/decisions/policy.md). Plain functions of the people involved: the
// services that own the data ask them inside their transaction, with rows they have just read (and locked).

const ADMIN = 'administrateur';

interface Person {
  id: number;
  role: string;
}

/**
 * Act-as: an adviser acts for the accounts they created; an administrator for any account but an administrator's;
 * nobody for an account with a pending administrator change (demote, act as, promote again would keep the token).
 */
export function assertCanActAs(actor: Person, target: Person & { created_by: number | null }, hasPendingChange: boolean) {
  if (target.role === ADMIN) throw forbidden(POLICY_MESSAGES.actAsAdministrator);
  if (hasPendingChange) throw forbidden(POLICY_MESSAGES.actAsPendingChange);
  if (actor.role === ADMIN) return;
  if (!isAdviserRole(actor.role) || target.created_by !== actor.id) throw forbidden(ACT_AS_MESSAGES.notCreator);
}

/**
 * Whether an administrator's change to an account waits for a second administrator: creating or promoting an
 * administrator, or changing another administrator's telephone, e-mail, password, role or activity. A change to
 * one's own account, or to someone who is not and does not become an administrator, takes effect at once.
 */
export function changeNeedsSecondAdministrator(
  actorId: number,
  target: Person | null,
  changes: Partial<Record<(typeof GUARDED_ACCOUNT_FIELDS)[number] | 'name' | 'zone', unknown>>,
): boolean {
  if (target === null) return changes.role === ADMIN;
  if (changes.role === ADMIN && target.role !== ADMIN) return true;
  if (target.role !== ADMIN || target.id === actorId) return false;
  return GUARDED_ACCOUNT_FIELDS.some((field) => changes[field] !== undefined);
}

/** A proposal is approved or rejected by another administrator than the one who proposed it. */
export function assertNotProposer(proposedBy: number | null, actor: Actor, message: string = POLICY_MESSAGES.ownProposal) {
  if (proposedBy === actor.id) throw forbidden(message);
}

/** Acts that only a person's own session may do: four-eyes approvals, proposals. */
export function assertOwnSession(actor: Actor) {
  if (actor.actingId !== null && actor.actingId !== undefined) throw forbidden(POLICY_MESSAGES.notWithActAs);
}

/** Four-eyes (docs/decisions/policy.md): an expense is approved by an administrator who did not record it,
 * in their own session. Since a new administrator needs a second one's approval, no one approves through a puppet. */
export function assertCanApproveExpense(actor: Actor, expense: { created_by: number | null }) {
  assertOwnSession(actor);
  if (expense.created_by === actor.id) throw forbidden(TREASURY_MESSAGES.ownApproval);
}

/** How long an administrator who changed an account's telephone or e-mail may not propose its promotion. */
export const IDENTITY_CHANGE_COOLING_MS = 30 * 24 * 3600 * 1000;

/**
 * An account whose change waits is frozen for everyone (telephone, e-mail, password, reset code): otherwise the
 * proposer redirects the account to a telephone they hold while a promotion waits, and the approval hands them a
 * second administrator (docs/decisions/policy.md).
 */
export function assertNotPending(hasPendingChange: boolean) {
  if (hasPendingChange) throw conflict(POLICY_MESSAGES.pendingLocksAccount);
}

/**
 * The same trick done before proposing: an administrator who changed an account's telephone or e-mail recently
 * does not propose it as administrator; another administrator may.
 */
export function assertMayProposePromotion(identityChangedByProposerRecently: boolean) {
  if (identityChangedByProposerRecently) throw conflict(POLICY_MESSAGES.promotionAfterOwnIdentityChange);
}
