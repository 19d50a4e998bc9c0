import { ZoneProviders } from '@web/components/providers/zone-providers';

/**
 * A membre, like a consommateur, sees the providers of its commune (then of its department) with their discounts
 * (contract « Phone-only people, round three »).
 */
export function MemberProvidersPanel({ zone }: { zone: string | null }) {
  return (
    <ZoneProviders
      zone={zone}
      queryScope="member"
      titleId="member-providers-title"
      className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      intro={
        zone
          ? `Ceux de votre commune d’abord (${zone}), puis ceux de votre département, avec leurs réductions.`
          : 'Renseignez votre zone dans votre profil pour voir les prestataires et leurs réductions.'
      }
    />
  );
}
