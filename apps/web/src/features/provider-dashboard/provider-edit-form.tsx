import { zodResolver } from '@hookform/resolvers/zod';
import { PROVIDER_DOMAINS, type ProviderDomain } from '@shared/constants';
import {
  LEGAL_FORM_OPTIONS,
  PROVIDER_HINTS,
  PROVIDER_MESSAGES,
  type ProviderRecord,
  type ProviderUpdate,
  type ProviderUpdateInput,
  providerUpdateSchema,
} from '@shared/schemas/provider';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DomainDiscountFields } from '@web/components/forms/domain-discount-fields';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ZoneField } from '@web/components/ui/zone-field';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useUpdateProvider } from './api/provider';

const toFormValues = (p: ProviderRecord): ProviderUpdateInput => ({
  entreprise: p.entreprise,
  forme_juridique: p.forme_juridique,
  rccm: p.rccm,
  adresse: p.adresse,
  zone: p.zone,
  email: p.email,
  telephone: p.telephone,
  whatsapp: p.whatsapp ?? '',
  marge_salaire: String(p.marge_salaire),
  domaines: p.domaines as ProviderDomain[],
  reductions: Object.fromEntries(Object.entries(p.reductions).map(([d, r]) => [d, r === null ? '' : String(r)])),
});

/** The provider edit form (docs/product/screens.md, docs/product/validation.md): Enregistrer / Annuler; server errors shown under the fields. */
export function ProviderEditForm({ provider, onDone }: { provider: ProviderRecord; onDone: () => void }) {
  const mutation = useUpdateProvider();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useForm<ProviderUpdateInput, unknown, ProviderUpdate>({
    resolver: zodResolver(providerUpdateSchema),
    defaultValues: toFormValues(provider),
  });
  const selected = (useWatch({ control, name: 'domaines' }) ?? []) as string[];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await mutation.mutateAsync({ id: provider.id, values });
      notify.success(message);
      onDone();
    } catch (error) {
      applyServerErrors(error, setError);
      notify.error(PROVIDER_MESSAGES.updateFailed);
    }
  });

  const onDomainsChange = (next: string[]) => {
    for (const d of selected) if (!next.includes(d)) setValue(`reductions.${d as ProviderDomain}`, '');
    setValue('domaines', next as ProviderDomain[], { shouldValidate: isSubmitted });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Modifier les informations du prestataire">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Entreprise" error={errors.entreprise?.message} {...register('entreprise')} />
        <SelectField
          label="Forme juridique"
          options={
            LEGAL_FORM_OPTIONS.some((o) => o.value === provider.forme_juridique)
              ? LEGAL_FORM_OPTIONS
              : // A legal form typed before the list: shown so it is not lost silently, refused until one of the list is chosen.
                [...LEGAL_FORM_OPTIONS, { value: provider.forme_juridique, label: provider.forme_juridique }]
          }
          error={errors.forme_juridique?.message}
          {...register('forme_juridique')}
        />
        <TextField label="RCCM" hint={PROVIDER_HINTS.rccm} error={errors.rccm?.message} {...register('rccm')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Téléphone" type="tel" autoComplete="tel" error={errors.telephone?.message} {...register('telephone')} />
        <TextField label="WhatsApp" type="tel" error={errors.whatsapp?.message} {...register('whatsapp')} />
        <TextField label="Adresse" autoComplete="street-address" error={errors.adresse?.message} {...register('adresse')} />
        <Controller
          control={control}
          name="zone"
          render={({ field }) => (
            <ZoneField label="Zone" value={field.value ?? ''} onChange={field.onChange} error={errors.zone?.message} />
          )}
        />
        <TextField label="Marge salaire (FCFA)" inputMode="numeric" error={errors.marge_salaire?.message} {...register('marge_salaire')} />
      </div>
      <DomainDiscountFields
        domains={PROVIDER_DOMAINS}
        selected={selected}
        onChange={onDomainsChange}
        error={errors.domaines?.message ?? errors.domaines?.root?.message}
        discountProps={(d) => register(`reductions.${d as ProviderDomain}`)}
        discountError={(d) => errors.reductions?.[d as ProviderDomain]?.message ?? errors.reductions?.message}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          Annuler
        </Button>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Enregistrement…">
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
