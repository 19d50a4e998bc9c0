import type { AccountCreate, ExpenseFields, TransferCreate, TreasuryAccount } from '@shared/schemas/treasury';
import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import type { DB } from '../../platform/database/database';
import { conflict, fieldError, notFound } from '../../platform/lib/http-errors';
import type { Storage } from '../../platform/storage/storage';
import { type ReceivedFile, storeThenCommit } from '../../platform/uploads/uploads';
import { type AuditActor, recordAudit } from '../audit';
import { postAccountOpening } from '../books';
import { POLICY_MESSAGES } from '@shared/schemas/account-changes';
import { assertCanApproveExpense, assertNotProposer, assertOwnSession, countActiveAdministrators } from '../policy';
import {
  accountByName,
  accountNamesOf,
  type AccountRow,
  type Exec,
  type ExpenseRow,
  findAccountRow,
  findExpense,
  insertAccountRow,
  insertExpense,
  insertTransfer,
  findTransfer,
  markTransferCancelled,
  transferMovements,
  linkLineMovement,
  lineWaitingForExpense,
  listAccountRows,
  readSetting,
  updateExpenseFrom,
  writeSetting,
} from './data';
import { bookExpense, FEDAPAY_ACCOUNT_SETTING, recordMovement, reverseMovement, todayInCotonou, unbookExpense } from './ledger';

// Accounts, transfers, settings and expenses: the rules, each change in one transaction with its audit entry.

export const accountView = (a: AccountRow): TreasuryAccount => ({
  id: a.id,
  name: a.name,
  kind: a.kind as TreasuryAccount['kind'],
  opening_balance: Number(a.opening_balance),
  opening_date: a.opening_date,
  balance: Number(a.balance),
  ledger_account: a.ledger_account ?? null,
});

export const listAccounts = async (db: Exec) => (await listAccountRows(db)).map(accountView);

const isUnique = (error: unknown) => /unique|duplicate/i.test(String((error as Error)?.message));

export async function createAccount(db: DB, input: AccountCreate, actor: AuditActor): Promise<TreasuryAccount> {
  if (await accountByName(db, input.name)) throw fieldError('name', TREASURY_MESSAGES.accountNameTaken);
  try {
    return await db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const row = await insertAccountRow(trx, {
        name: input.name,
        kind: input.kind,
        opening_balance: input.opening_balance,
        opening_date: input.opening_date,
        balance: input.opening_balance,
        created_by: actor.id,
        created_at: at,
        updated_at: at,
      });
      await postAccountOpening(trx, row, actor.id);
      const posted = { ...row, ledger_account: (await findAccountRow(trx, row.id))?.ledger_account ?? null };
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: 'treasury_account.create',
        entity: 'treasury_account',
        entityId: row.id,
        after: posted,
      });
      return accountView(posted);
    });
  } catch (error) {
    if (isUnique(error)) throw fieldError('name', TREASURY_MESSAGES.accountNameTaken);
    throw error;
  }
}

async function accountOrField(db: Exec, id: number, field: string): Promise<AccountRow> {
  const account = await findAccountRow(db, id);
  if (!account) throw fieldError(field, TREASURY_MESSAGES.accountUnknown);
  return account;
}

export async function treasurySettings(db: Exec, threshold: number) {
  const value = Number(await readSetting(db, FEDAPAY_ACCOUNT_SETTING));
  return { fedapay_account: value > 0 ? value : null, expense_approval_threshold: threshold };
}

export async function saveTreasurySettings(db: DB, fedapayAccount: number | null, actor: AuditActor, threshold: number) {
  if (fedapayAccount !== null) {
    const account = await accountOrField(db, fedapayAccount, 'fedapay_account');
    if (account.kind !== 'mobile_money') throw fieldError('fedapay_account', TREASURY_MESSAGES.mobileMoneyOnly);
  }
  await db.transaction().execute(async (trx) => {
    const before = await readSetting(trx, FEDAPAY_ACCOUNT_SETTING);
    await writeSetting(trx, FEDAPAY_ACCOUNT_SETTING, fedapayAccount === null ? null : String(fedapayAccount), actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'treasury_settings.update',
      entity: 'treasury_settings',
      entityId: FEDAPAY_ACCOUNT_SETTING,
      before: { fedapay_account: before },
      after: { fedapay_account: fedapayAccount },
      details: {
        account_names: await accountNamesOf(
          trx,
          [Number(before), fedapayAccount ?? 0].filter((n) => n > 0),
        ),
      },
    });
  });
  return treasurySettings(db, threshold);
}

export async function createTransfer(db: DB, input: TransferCreate, actor: AuditActor) {
  if (input.from === input.to) throw fieldError('to', TREASURY_MESSAGES.sameAccount);
  const [from, to] = [await accountOrField(db, input.from, 'from'), await accountOrField(db, input.to, 'to')];
  return db.transaction().execute(async (trx) => {
    const reference = input.reference ?? null;
    const transfer = await insertTransfer(trx, {
      from_account_id: from.id,
      to_account_id: to.id,
      amount: input.amount,
      day: input.date,
      reference,
      created_by: actor.id,
    });
    const common = {
      day: input.date,
      nature: null,
      category: null,
      purpose: null,
      reference,
      source_type: 'transfer',
      source_id: transfer.id,
      reverses_id: null,
      created_by: actor.id,
    };
    await recordMovement(trx, {
      ...common,
      account_id: from.id,
      amount: -input.amount,
      kind: 'virement_sortant',
      label: `Virement vers ${to.name}`,
    });
    await recordMovement(trx, {
      ...common,
      account_id: to.id,
      amount: input.amount,
      kind: 'virement_entrant',
      label: `Virement depuis ${from.name}`,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'treasury_transfer.create',
      entity: 'treasury_transfer',
      entityId: transfer.id,
      after: transfer,
      details: { account_names: { [from.id]: from.name, [to.id]: to.name } },
    });
    return {
      id: transfer.id,
      from: from.id,
      to: to.id,
      amount: input.amount,
      date: input.date,
      reference,
      message: TREASURY_MESSAGES.transferRecorded,
    };
  });
}

/**
 * Cancels a transfer recorded by mistake: both its movements are countered today (their entries reversed in the
 * books), the transfer keeps its row with who, when and why; the right transfer is then recorded anew.
 */
export async function cancelTransfer(db: DB, id: number, reason: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const transfer = await findTransfer(trx, id);
    if (!transfer) throw notFound(TREASURY_MESSAGES.transferNotFound);
    if (transfer.cancelled_at || !(await markTransferCancelled(trx, id, actor.id, reason)))
      throw conflict(TREASURY_MESSAGES.transferAlreadyCancelled);
    const day = todayInCotonou();
    for (const movement of await transferMovements(trx, id))
      await reverseMovement(trx, movement, day, `Annulation — ${movement.label}`, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'treasury_transfer.cancel',
      entity: 'treasury_transfer',
      entityId: id,
      before: transfer,
      after: (await findTransfer(trx, id))!,
      details: { reason, account_names: await accountNamesOf(trx, [transfer.from_account_id, transfer.to_account_id]) },
    });
  });
}

// ---------------------------------------------------------------- expenses

/**
 * Records an expense with its proof. Below the approval threshold it is approved at once and leaves its account;
 * at or above, it waits for a second administrator. `proof` may be absent only for a line booked from a statement.
 */
export async function createExpense(
  db: DB,
  storage: Storage,
  input: ExpenseFields,
  proof: ReceivedFile | undefined,
  actor: AuditActor,
  threshold: number,
  trxHook?: (trx: Exec, expense: ExpenseRow, movementId: number | null) => Promise<void>,
): Promise<ExpenseRow> {
  const account = await accountOrField(db, input.account, 'account');
  const files = proof ? [{ field: 'proof' as const, area: 'expense_proofs' as const, file: proof }] : [];
  return storeThenCommit(storage, files, (names) =>
    db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const needsApproval = input.amount >= threshold;
      const expense = await insertExpense(trx, {
        amount: input.amount,
        category: input.category,
        purpose: input.purpose ?? null,
        account_id: input.account,
        paid_at: input.paid_at,
        method: input.method,
        payee: input.payee,
        reference: input.reference ?? null,
        description: input.description,
        proof: names.proof ?? null,
        status: needsApproval ? 'en_attente' : 'approuvee',
        created_by: actor.id,
        approved_by: null,
        approved_at: needsApproval ? null : at,
        cancelled_by: null,
        cancelled_at: null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      });
      const movement = needsApproval ? null : await bookExpense(trx, expense, actor.id);
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: 'expense.create',
        entity: 'expense',
        entityId: expense.id,
        after: expense,
        details: { account_names: { [account.id]: account.name } },
      });
      await trxHook?.(trx, expense, movement?.id ?? null);
      return expense;
    }),
  );
}

/** A second administrator approves an expense that waits: it then leaves its account. */
export async function approveExpense(db: DB, id: number, actor: AuditActor): Promise<ExpenseRow> {
  return db.transaction().execute(async (trx) => {
    const expense = await findExpense(trx, id);
    if (!expense) throw notFound(TREASURY_MESSAGES.expenseNotFound);
    if (expense.status !== 'en_attente') throw conflict(TREASURY_MESSAGES.notPending);
    assertCanApproveExpense(actor, expense);
    const at = new Date().toISOString();
    const patch = { status: 'approuvee', approved_by: actor.id, approved_at: at, updated_at: at };
    if (!(await updateExpenseFrom(trx, id, 'en_attente', patch))) throw conflict(TREASURY_MESSAGES.notPending);
    const approved = { ...expense, ...patch };
    const movement = await bookExpense(trx, approved, actor.id);
    // A statement line booked as this expense is reconciled with its movement now that it exists.
    const line = await lineWaitingForExpense(trx, id);
    if (line) await linkLineMovement(trx, line.id, movement.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'expense.approve',
      entity: 'expense',
      entityId: id,
      before: expense,
      after: approved,
      details: { account_names: await accountNamesOf(trx, [expense.account_id]) },
    });
    return approved;
  });
}

/**
 * Cancels an expense with its reason: never deleted; an approved one gets its counter-entry. Cancelling an approved
 * expense needs two administrators (modules/policy): the first call proposes it (`{proposed: true}`), another
 * administrator's call carries it out; alone, an administrator cancels at once.
 */
export async function cancelExpense(db: DB, id: number, reason: string, actor: AuditActor): Promise<ExpenseRow & { proposed?: boolean }> {
  return db.transaction().execute(async (trx) => {
    const expense = await findExpense(trx, id);
    if (!expense) throw notFound(TREASURY_MESSAGES.expenseNotFound);
    if (expense.status === 'annulee') throw conflict(TREASURY_MESSAGES.alreadyCancelled);
    const at = new Date().toISOString();
    if (expense.status === 'approuvee') {
      assertOwnSession(actor);
      if (expense.cancel_proposed_by === null && (await countActiveAdministrators(trx, actor.id)) > 0) {
        const proposal = { cancel_proposed_by: actor.id, cancel_proposed_at: at, cancel_proposed_reason: reason, updated_at: at };
        if (!(await updateExpenseFrom(trx, id, 'approuvee', proposal))) throw conflict(TREASURY_MESSAGES.alreadyCancelled);
        await recordAudit(trx, {
          actorId: actor.id,
          ip: actor.ip,
          actingId: actor.actingId,
          action: 'expense.cancel_propose',
          entity: 'expense',
          entityId: id,
          details: { reason },
        });
        return { ...expense, ...proposal, proposed: true };
      }
      if (expense.cancel_proposed_by !== null) assertNotProposer(expense.cancel_proposed_by, actor, POLICY_MESSAGES.ownCancelProposal);
    }
    const patch = { status: 'annulee', cancelled_by: actor.id, cancelled_at: at, cancel_reason: reason, updated_at: at };
    if (!(await updateExpenseFrom(trx, id, expense.status, patch))) throw conflict(TREASURY_MESSAGES.alreadyCancelled);
    if (expense.status === 'approuvee') await unbookExpense(trx, expense, actor.id);
    const cancelled = { ...expense, ...patch };
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'expense.cancel',
      entity: 'expense',
      entityId: id,
      before: expense,
      after: cancelled,
      details: { reason, account_names: await accountNamesOf(trx, [expense.account_id]) },
    });
    return cancelled;
  });
}
