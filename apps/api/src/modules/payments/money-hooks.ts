import type { DB } from '../../platform/database/database';
import type { MoneyChange, MoneyStatusListener } from '../messages';

// Other modules that sell through the checkout (events) are told of every status change of a money record,
// inside the transaction that makes it, so what they confirm exists exactly when the money does.

export type MoneyHook = (trx: DB, change: MoneyChange) => Promise<void>;

/** The listener the payments context calls: the notices first, then every hook another module added. */
export function withMoneyHooks(notify: MoneyStatusListener, hooks: ReadonlySet<MoneyHook>): MoneyStatusListener {
  return async (trx, change) => {
    await notify(trx, change);
    for (const hook of hooks) await hook(trx, change);
  };
}
