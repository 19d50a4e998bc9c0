import { useState } from 'react';
import { PageTitle } from '@web/components/ui/page-title';
import { VolunteerConfirmation } from './volunteer-confirmation';
import { VolunteerForm } from './volunteer-form';

// Volunteer registration (docs/product/screens.md route /volontier).
export default function VolunteerPage() {
  const [registered, setRegistered] = useState<{ email: string; telephone: string; publicProfile: boolean } | null>(null);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle title="Devenir Bénévole">Devenir Bénévole</PageTitle>
      {registered ? (
        <VolunteerConfirmation {...registered} />
      ) : (
        <>
          <p className="mb-6 text-slate-700">
            Donnez un peu de votre temps pour l’alimentation, la santé, l’éducation ou l’environnement. Tous les champs (sauf l’e-mail) et
            les quatre documents sont obligatoires. Si vous le souhaitez (case plus bas), votre photo et votre nom apparaîtront sur le site
            une fois votre candidature validée par notre équipe.
          </p>
          <VolunteerForm onRegistered={setRegistered} />
        </>
      )}
    </section>
  );
}
