// The consents' purposes and wordings (docs/product/personal-data.md — Consent). Free of zod on purpose: the home page's
// newsletter block imports it and must stay within the home route's JavaScript budget (e2e/home.test.ts).

export const CONSENT_PURPOSES = ['newsletter', 'sms_news', 'whatsapp', 'public_name', 'testimonial'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * The wording a person agrees to, per purpose, and its version: a consent records the version it was given
 * under. Changing a wording means a new version here (the old ones stay provable from the repository's history).
 */
export const CONSENT_WORDINGS: Record<ConsentPurpose, { version: string; label: string; text: string }> = {
  newsletter: {
    version: 'newsletter-2026-11',
    label: 'Lettre d’information par e-mail',
    text: 'J’accepte de recevoir la lettre d’information de l’association par e-mail. Je peux me désinscrire à tout moment.',
  },
  sms_news: {
    version: 'sms_news-2026-11',
    label: 'Nouvelles par SMS',
    text: 'J’accepte de recevoir des nouvelles de l’association par SMS. Je peux les refuser à tout moment.',
  },
  whatsapp: {
    version: 'whatsapp-2026-11',
    label: 'Messages par WhatsApp',
    text: 'Je préfère recevoir les messages de l’association par WhatsApp plutôt que par SMS (Meta, hors du Bénin).',
  },
  public_name: {
    version: 'public_name-2026-11',
    label: 'Afficher mon nom publiquement',
    text: 'J’accepte que mon nom soit affiché publiquement parmi les donateurs.',
  },
  testimonial: {
    version: 'testimonial-2026-11',
    label: 'Publier mon témoignage',
    text: 'J’accepte que mon témoignage soit publié sur le site avec mon nom et ma photo.',
  },
};
