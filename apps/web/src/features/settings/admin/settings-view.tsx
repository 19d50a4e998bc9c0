import type { AdminOrganisation } from '@shared/schemas/organisation';
import type { FeeSettings } from '@shared/schemas/settings';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { FeesForm } from './fees-form';
import { OrganisationForm } from './organisation-form';
import { SignatureForm } from './signature-form';

// « Paramètres de l'association »: membership fees and the organisation's facts (docs/product « Places, companies and
// phone-only people »). Loaded when opened (forms).
export function SettingsView() {
  const fees = useQuery({ queryKey: ['admin', 'settings', 'fees'], queryFn: () => api.get<FeeSettings>('/admin/settings') });
  const organisation = useQuery({
    queryKey: ['admin', 'settings', 'organisation'],
    queryFn: () => api.get<AdminOrganisation>('/admin/organisation'),
  });
  return (
    <section aria-labelledby="settings-title" className="space-y-6">
      <h2 id="settings-title" className="text-2xl font-bold text-emerald-950">
        Paramètres de l'association
      </h2>
      {fees.isError || organisation.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          Impossible de charger les paramètres. Réessayez.
        </p>
      ) : !fees.data || !organisation.data ? (
        <Spinner />
      ) : (
        <>
          <FeesForm current={fees.data} />
          <OrganisationForm current={organisation.data} />
          <SignatureForm imageUrl={organisation.data.receipt_signature_image} />
        </>
      )}
    </section>
  );
}
