import { ORGANISATION } from '@shared/constants';
import type { Config } from '../../platform/config';
import type { DB } from '../../platform/database/database';
import { getOrganisationFacts } from '../settings';

// Who the controller of the personal data is (docs/product/personal-data.md): the ONE place the notice, the
// exports and the registers ask. Today from the ORG_* and DPO_* settings; the organisation's facts kept by the
// back office may feed it later without any caller changing.

export interface Controller {
  name: string;
  address: string | null;
  email: string | null;
  telephone: string | null;
  dpo: { name: string; email: string | null } | null;
}

/** The organisation's facts kept by the back office (modules/settings), when known. */
export interface OrganisationFactsLike {
  name: string | null;
  address: string | null;
  email: string | null;
  telephone: string | null;
}

/**
 * The ORG_* settings first (the deployment's declared controller), then the facts administrators keep in the back
 * office, then the association's public details shown by the footer.
 */
export function privacyController(config: Pick<Config, 'organisation'>, facts?: OrganisationFactsLike | null): Controller {
  const o = config.organisation;
  return {
    name: o.name ?? facts?.name ?? ORGANISATION.name,
    address: o.address ?? facts?.address ?? `${ORGANISATION.city}, ${ORGANISATION.country}`,
    email: o.email ?? facts?.email ?? ORGANISATION.email,
    telephone: o.telephone ?? facts?.telephone ?? null,
    dpo: o.dpoName || o.dpoEmail ? { name: o.dpoName ?? 'Délégué à la protection des données', email: o.dpoEmail ?? null } : null,
  };
}

/** The controller as the live platform names it: settings, then the back office's organisation facts. */
export async function currentController(db: DB, config: Pick<Config, 'organisation'>): Promise<Controller> {
  return privacyController(config, await getOrganisationFacts(db));
}
