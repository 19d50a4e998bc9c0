import { PAGE_FACT_MARKS, PAGE_FACTS_META, type ShownPageFacts, shownPageFacts } from '@shared/organisation-page-facts';
import type { OrganisationFacts } from '@shared/schemas/organisation';
import { isHydrating } from '@web/lib/hydration';
import { useEffect, useState } from 'react';

// The organisation's facts as every public page shows them (docs/product/places.md). The prerendered HTML holds a
// mark per fact, which the server fills with the facts as set when it serves the page, handing them to this script
// in a <meta> (docs/architecture.md — « Prerendered pages and the organisation's facts »): React hydrates with the
// same text, so the first paint shows the real telephone, not a placeholder. GET /api/organisation then brings the
// rest (the founder, the registration number, the SMS number).

const fetchOrganisation = async (): Promise<OrganisationFacts> => {
  const res = await fetch('/api/organisation', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/organisation: ${res.status}`);
  return (await res.json()) as OrganisationFacts;
};

export interface ShownOrganisation extends ShownPageFacts {
  founder: string | null;
  registrationNumber: string | null;
  /** ORG_SMS_NUMBER: where SMS commands go (DON 1000…); null when unset. */
  smsNumber: string | null;
}

/** Each fact set by the administrator, else the specification's placeholder (the founder and the number: none). */
export function shownOrganisation(facts: OrganisationFacts | undefined): ShownOrganisation {
  return {
    ...shownPageFacts(facts),
    founder: facts?.founder ?? null,
    registrationNumber: facts?.registration_number ?? null,
    smsNumber: facts?.sms_number ?? null,
  };
}

const withoutExtras = (page: ShownPageFacts): ShownOrganisation => ({ ...page, founder: null, registrationNumber: null, smsNumber: null });

/** Set by the build's prerendering (prerender.tsx): pages render the marks the server fills. */
let rendersMarks = false;
export function renderOrganisationMarks() {
  rendersMarks = true;
}

/** The facts the server filled this page with (its <meta>), or none (a page served without them). */
function servedFacts(): ShownPageFacts | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector(`meta[name="${PAGE_FACTS_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    return JSON.parse(content) as ShownPageFacts;
  } catch {
    return undefined;
  }
}

let loaded: OrganisationFacts | undefined;
let loading: Promise<OrganisationFacts> | undefined;

/**
 * One request per page load, shared by the footer and the page. While React hydrates, every component starts from
 * the facts the server filled the HTML with (a page hydrated after the footer's answer came must still match it).
 */
export function useOrganisation(): ShownOrganisation {
  const [facts, setFacts] = useState<OrganisationFacts | undefined>(() => (isHydrating() ? undefined : loaded));
  const [served] = useState(servedFacts);
  useEffect(() => {
    let isActive = true;
    loading ??= fetchOrganisation().then(
      (value) => {
        loaded = value;
        return value;
      },
      (error: unknown) => {
        loading = undefined; // offline or failing: the placeholders stay, the next page asks again
        throw error;
      },
    );
    loading.then(
      (value) => {
        if (isActive) setFacts(value);
      },
      () => {},
    );
    return () => {
      isActive = false;
    };
  }, []);
  if (rendersMarks) return withoutExtras(PAGE_FACT_MARKS);
  if (facts) return shownOrganisation(facts);
  return served ? withoutExtras(served) : shownOrganisation(undefined);
}
