import type { MessageResponse } from '@shared/schemas/api-common';
import type { ContactInput, ContactValues } from '@shared/schemas/contact';
import { CONTACT_MESSAGES } from '@shared/zod-free/contact';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { SocialIcons } from '@web/components/layout/social-icons';
import { useOrganisation } from '@web/components/layout/use-organisation';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, api } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { clearDraft, useKeptForm } from '@web/lib/kept-form-values';
import { notify } from '@web/lib/notify';
import { Mail, MapPin, Phone } from 'lucide-react';
import { lazyZodResolver } from '@web/lib/lazy-resolver';

const contactSchemaResolver = lazyZodResolver(() => import('@shared/schemas/contact').then((m) => m.contactSchema));

// Contact page "Contactez-Nous" (docs/product/screens.md Public forms, docs/product/validation.md Contact, docs/product/http-api.md POST /contact, docs/product/errors.md).
export default function ContactPage() {
  const org = useOrganisation();
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useKeptForm<ContactInput, ContactValues>(
    { resolver: contactSchemaResolver, mode: 'onTouched' },
    'contact',
  );

  const onValid = async (values: ContactValues) => {
    try {
      const res = await api.post<MessageResponse>('/contact', values, { token: null });
      notify.success(res.message);
      reset();
      clearDraft('contact');
    } catch (error) {
      if (error instanceof ApiError && applyServerErrors(error, setError)) notify.error(CONTACT_MESSAGES.formErrors);
      else notify.error(CONTACT_MESSAGES.failure);
    }
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle title="Contactez-Nous">Contactez-Nous</PageTitle>
      <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
        <FormCard onSubmit={handleSubmit(onValid, () => notify.error(CONTACT_MESSAGES.formErrors))} aria-label="Formulaire de contact">
          <TextField label="Nom" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <TelephoneField label="Téléphone (facultatif)" error={errors.phone?.message} {...register('phone')} />
          <TextField
            label="Services (facultatif)"
            hint="Par exemple&nbsp;: santé, éducation, logement"
            error={errors.services?.message}
            {...register('services')}
          />
          <TextAreaField label="Message" rows={5} error={errors.message?.message} {...register('message')} />
          <SendButton isLoading={isSubmitting}>Envoyer</SendButton>
        </FormCard>

        <aside aria-labelledby="contact-details-title" className="flex flex-col gap-4 rounded-lg bg-emerald-900 p-6 text-white">
          <h2 id="contact-details-title" className="text-xl font-bold">
            Nos coordonnées
          </h2>
          <p>Une question, une idée, un besoin&nbsp;? Écrivez-nous, nous répondons à chaque message.</p>
          <ul className="flex flex-col gap-3">
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" size={20} />
              <span>{org.address}</span>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" size={20} />
              <a className="underline" href={`tel:${org.telephone.replace(/\s/g, '')}`}>
                {org.telephone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" size={20} />
              <a className="break-all underline" href={`mailto:${org.email}`}>
                {org.email}
              </a>
            </li>
          </ul>
          <h3 className="font-semibold">Suivez-nous</h3>
          <SocialIcons links={org.social} />
        </aside>
      </div>
    </section>
  );
}
