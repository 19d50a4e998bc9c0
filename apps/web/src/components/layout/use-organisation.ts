import { ORGANISATION } from '@shared/constants';
import type { OrganisationFacts } from '@shared/schemas/organisation';
import { isHydrating } from '@web/lib/hydration';
import { useEffect, useState } from 'react';

// The organisation's facts as every public page shows them (docs/product/places.md):
// the prerendered HTML carries the specification's placeholders, so the first paint waits for no request; once the page
// is interactive, GET /api/organisation replaces each placeholder whose fact the administrator has set.

const fetchOrganisation = async (): Promise<OrganisationFacts> => {
  const res = await fetch('/api/organisation', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/organisation: ${res.status}`);
  return (await res.json()) as OrganisationFacts;
};

export interface ShownOrganisation {
  name: string;
  address: string;
  telephone: string;
  email: string;
  social: { Facebook: string; Twitter: string; Instagram: string; YouTube: string };
  founder: string | null;
  registrationNumber: string | null;
  /** ORG_SMS_NUMBER: where SMS commands go (DON 1000…); null when unset. */
  smsNumber: string | null;
}

/** Each fact set by the administrator, else the specification's placeholder (the founder and the number: none). */
export function shownOrganisation(facts: OrganisationFacts | undefined): ShownOrganisation {
  return {
    name: facts?.name ?? ORGANISATION.name,
    address: facts?.address ?? `${ORGANISATION.city}, ${ORGANISATION.country}`,
    telephone: facts?.telephone ?? ORGANISATION.phone,
    email: facts?.email ?? ORGANISATION.email,
    social: {
      Facebook: facts?.social.facebook ?? ORGANISATION.social.facebook,
      Twitter: facts?.social.twitter ?? ORGANISATION.social.twitter,
      Instagram: facts?.social.instagram ?? ORGANISATION.social.instagram,
      YouTube: facts?.social.youtube ?? ORGANISATION.social.youtube,
    },
    founder: facts?.founder ?? null,
    registrationNumber: facts?.registration_number ?? null,
    smsNumber: facts?.sms_number ?? null,
  };
}

let loaded: OrganisationFacts | undefined;
let loading: Promise<OrganisationFacts> | undefined;

/**
 * One request per page load, shared by the footer and the page. While React hydrates, every component starts from
 * the placeholders the prerendered HTML holds (a page hydrated after the footer's answer came must still match it).
 */
export function useOrganisation(): ShownOrganisation {
  const [facts, setFacts] = useState<OrganisationFacts | undefined>(() => (isHydrating() ? undefined : loaded));
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
  return shownOrganisation(facts);
}
