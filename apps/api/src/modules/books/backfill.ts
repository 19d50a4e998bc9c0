import { formatFcfa } from '@shared/format';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Exec,
  incomeWithoutAccount,
  insertUnmapped,
  lockBooks,
  readMeta,
  treasuryAccounts,
  unpostedMovements,
  writeMeta,
} from './data';
import { postAccountOpening, postMovement } from './posting';
import type { DB } from '../../platform/database/database';

// The one-time posting of what was recorded before the books existed (issue 40, « Existing data »): every treasury
// account gets its chart account and opening entry, every movement its entry, in id order (so a counter-entry
// finds the entry it reverses). Money counted before the treasury existed has no account to land in: it is listed
// in `books_unmapped` (GET /api/admin/books/unmapped) and logged. It runs once; `books_meta.backfilled` records it.

const DONE = 'backfilled';

export async function postEarlierMovements(
  db: DB,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ posted: number; unmapped: number } | null> {
  if (await readMeta(db, DONE)) return null;
  return db.transaction().execute(async (trx) => {
    await lockBooks(trx);
    if (await readMeta(trx, DONE)) return null;
    let posted = 0;
    for (const account of await treasuryAccounts(trx)) if (await postAccountOpening(trx, account, null)) posted += 1;
    for (let after = 0; ; ) {
      const batch = await unpostedMovements(trx, after, 1000);
      if (batch.length === 0) break;
      for (const m of batch) await postMovement(trx, m);
      posted += batch.length;
      after = batch[batch.length - 1]!.id;
    }
    const unmapped = await recordUnmapped(trx);
    await writeMeta(trx, DONE, new Date().toISOString());
    if (posted > 0 || unmapped > 0)
      log?.info(
        { posted, unmapped },
        `books: ${posted} earlier movements posted, ${unmapped} could not be mapped (GET /api/admin/books/unmapped)`,
      );
    return { posted, unmapped };
  });
}

async function recordUnmapped(trx: Exec): Promise<number> {
  const rows = await incomeWithoutAccount(trx);
  for (const r of rows)
    await insertUnmapped(
      trx,
      r.source_type,
      String(r.source_id),
      `Reçu en ${r.month.slice(5, 7)}/${r.month.slice(0, 4)} (${formatFcfa(Number(r.amount))}) avant l’ouverture de la trésorerie : aucun compte de trésorerie où le porter.`,
    );
  return rows.length;
}
