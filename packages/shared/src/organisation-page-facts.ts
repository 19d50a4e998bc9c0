import { ORGANISATION } from './constants';

// The organisation's facts every public page shows (footer, contact, about: docs/product/places.md), in one place for
// the web app and the server. Free of zod: the footer is on every page, the home page's script budget included.
//
// The pages are prerendered at build time with a mark in place of each fact (apps/web/src/prerender.tsx); the server
// fills the marks with the facts as set when it serves a page (apps/api/src/platform/http/web-app.ts), so the first
// paint already shows them (no placeholder flash) and a change in the back office shows at the next page load,
// with no rebuild. docs/architecture.md — « Prerendered pages and the organisation's facts ».

/** The facts as stored (GET /api/organisation): null for one not set. */
export interface PageFactsInput {
  name: string | null;
  address: string | null;
  telephone: string | null;
  email: string | null;
  social: { facebook: string | null; twitter: string | null; instagram: string | null; youtube: string | null };
}

/** What a page shows: each fact set, else the specification's placeholder. */
export interface ShownPageFacts {
  name: string;
  address: string;
  telephone: string;
  email: string;
  social: { Facebook: string; Twitter: string; Instagram: string; YouTube: string };
}

export function shownPageFacts(facts: PageFactsInput | null | undefined): ShownPageFacts {
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
  };
}

const mark = (name: string) => `__asbe_fact_${name}__`;

/** What the prerendered HTML holds in place of each fact (no mark is the start of another). */
export const PAGE_FACT_MARKS: ShownPageFacts = {
  name: mark('name'),
  address: mark('address'),
  telephone: mark('telephone'),
  email: mark('email'),
  social: { Facebook: mark('facebook'), Twitter: mark('twitter'), Instagram: mark('instagram'), YouTube: mark('youtube') },
};

/** The `<meta>` that hands the served facts to the page's script, so React hydrates with the same text. */
export const PAGE_FACTS_META = 'asbe-organisation';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A prerendered page with its marks replaced by the facts (HTML-escaped: text and attribute values alike). */
export function fillPageFacts(html: string, facts: ShownPageFacts): string {
  const pairs: [string, string][] = [
    // The contact page's « tel: » link drops the spaces (contact-page.tsx).
    [`tel:${PAGE_FACT_MARKS.telephone}`, `tel:${facts.telephone.replace(/\s/g, '')}`],
    [PAGE_FACT_MARKS.name, facts.name],
    [PAGE_FACT_MARKS.address, facts.address],
    [PAGE_FACT_MARKS.telephone, facts.telephone],
    [PAGE_FACT_MARKS.email, facts.email],
    ...(Object.keys(facts.social) as (keyof ShownPageFacts['social'])[]).map((k): [string, string] => [
      PAGE_FACT_MARKS.social[k],
      facts.social[k],
    ]),
  ];
  let filled = html;
  for (const [from, to] of pairs) filled = filled.split(from).join(escapeHtml(to));
  const meta = `<meta name="${PAGE_FACTS_META}" content="${escapeHtml(JSON.stringify(facts))}">`;
  return filled.includes('</head>') ? filled.replace('</head>', `${meta}</head>`) : filled;
}
