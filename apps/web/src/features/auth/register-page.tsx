import { REGISTRATION_PAGE_ROLES, ROLE_LABELS, type Role } from '@shared/constants';
import { formatTelephone } from '@shared/phone';
import type { RegisteredUser } from '@shared/schemas/register';
import { useState } from 'react';
import { Link } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { RegisterForm } from '@web/components/account/register-form';

/**
 * /inscription: a logged-in creator (administrator, adviser) registers someone else (docs/product/screens.md,
 * docs/product/roles.md), so it reads as creating a person's account, not as signing oneself up; the person just
 * created stays shown above the emptied form. The server decides what each creator may create.
 */
export default function RegisterPage() {
  const [created, setCreated] = useState<RegisteredUser | null>(null);
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title="Inscription d’une personne">Inscription d’une personne</PageTitle>
      <p className="mb-4 text-slate-700">
        Créez le compte d’une autre personne. Elle est prévenue par SMS (et par e-mail si vous en indiquez un) et pourra se connecter avec
        son numéro.
      </p>
      {created ? (
        <div
          role="status"
          data-testid="created-person"
          className="mb-4 rounded-lg bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200"
        >
          <p className="font-semibold">Compte créé</p>
          <p>
            {created.name} — <span className="whitespace-nowrap">{formatTelephone(created.telephone)}</span>
          </p>
          <p>
            {ROLE_LABELS[created.role as Role] ?? created.role}
            {created.zone ? ` · ${created.zone}` : ''}
            {created.email ? ` · ${created.email}` : ''}
          </p>
        </div>
      ) : null}
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <RegisterForm roles={REGISTRATION_PAGE_ROLES} submitLabel="Inscrire cette personne" onCreated={setCreated} />
        {/* The specification's link to /connexion, worded for the person registered (docs/product/screens.md). */}
        <p className="mt-6 text-center text-slate-700">
          La personne a déjà un compte ? Elle se connecte sur la page{' '}
          <Link to="/connexion" className="font-semibold text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
            Connexion
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
