import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, PROVIDER_DOMAINS, STORAGE_KEYS } from '@shared/constants';
import {
  LEGAL_FORM_OPTIONS,
  PROVIDER_HINTS,
  PROVIDER_MESSAGES,
  PROVIDER_STEP_ONE_FIELDS,
  type ProviderInformation,
  type ProviderInformationInput,
  providerInformationSchema,
} from '@shared/schemas/provider';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@web/lib/router';
import { DomainDiscountFields } from '@web/components/forms/domain-discount-fields';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { ZoneField } from '@web/components/ui/zone-field';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useCreateProvider, useHasProviderRecord } from './api/create-provider';
import { SideImage } from './side-image';

const EMPTY: ProviderInformationInput = {
  entreprise: '',
  forme_juridique: '',
  rccm: '',
  adresse: '',
  zone: '',
  email: '',
  telephone: '',
  whatsapp: '',
  marge_salaire: '',
  domaines: [],
  reductions: {},
};

const TEXT_HINT = PROVIDER_HINTS.text;

/** /information: the provider's two-step form (docs/product/screens.md, docs/product/states.md, docs/product/validation.md). */
export default function InformationPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mutation = useCreateProvider();
  const hasRecord = useHasProviderRecord();
  const form = useForm<ProviderInformationInput, unknown, ProviderInformation>({
    resolver: zodResolver(providerInformationSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    trigger,
    setValue,
    reset,
    setError,
    control,
    formState: { errors },
  } = form;
  const selected = (useWatch({ control, name: 'domaines' }) ?? []) as string[];

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  // After Suivant / Précédent (not on arrival), keyboard and screen-reader focus moves to the new step.
  const hasMoved = useRef(false);
  useEffect(() => {
    if (hasMoved.current && step) stepHeading.current?.focus();
    hasMoved.current = true;
  }, [step]);

  const goToStepTwo = async () => {
    if (await trigger([...PROVIDER_STEP_ONE_FIELDS])) setStep(2);
  };

  const onSubmit = handleSubmit(async (values) => {
    setSuccessMessage(null);
    try {
      const { message } = await mutation.mutateAsync(values);
      notify.success(message);
      setSuccessMessage(`${message}. Redirection vers votre tableau de bord…`);
      localStorage.setItem(STORAGE_KEYS.isFirstLogin, 'false');
      reset(EMPTY);
      setStep(1);
      redirectTimer.current = setTimeout(() => navigate('/dashboard-prestataire'), LIMITS.providerRedirectMs);
    } catch (error) {
      notify.error(PROVIDER_MESSAGES.saveFailed);
      if (applyServerErrors(error, setError)) {
        const fields = Object.keys(error instanceof ApiError ? error.errors : {});
        if (fields.some((f) => (PROVIDER_STEP_ONE_FIELDS as readonly string[]).includes(f))) setStep(1);
      } else if (error instanceof ApiError && error.status === 409) {
        setError('root', { message: error.message });
      }
    }
  });

  const onDomainsChange = (next: string[]) => {
    for (const d of selected) if (!next.includes(d)) setValue(`reductions.${d as (typeof PROVIDER_DOMAINS)[number]}`, '');
    setValue('domaines', next as ProviderInformationInput['domaines'], { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <div className="flex overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-slate-200">
        <SideImage />
        <div className="flex-1 p-5 sm:p-8">
          <PageTitle title="Informations du prestataire" className="mb-2 text-2xl font-bold text-emerald-950 sm:text-3xl">
            Informations du prestataire
          </PageTitle>
          <p className="mb-6 text-slate-700">Présentez votre activité pour être proposé aux familles de votre zone.</p>

          {successMessage ? (
            <p role="status" className="mb-6 rounded-md bg-emerald-50 p-4 font-medium text-emerald-900 ring-1 ring-emerald-200">
              {successMessage}
            </p>
          ) : null}
          {errors.root?.message ? (
            <p role="alert" className="mb-6 rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
              {errors.root.message}
            </p>
          ) : null}

          {hasRecord.data === true && !successMessage ? (
            <div className="rounded-md bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200">
              <p className="mb-3">
                Vos informations de prestataire sont déjà enregistrées. Vous pouvez les modifier depuis votre tableau de bord.
              </p>
              <Link
                to="/dashboard-prestataire"
                className="inline-flex min-h-11 items-center rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900"
              >
                Aller au tableau de bord
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
              <ol className="mb-6 flex gap-2 text-sm" aria-label="Étapes du formulaire">
                {['Entreprise', 'Contact et domaines'].map((label, i) => (
                  <li
                    key={label}
                    aria-current={step === i + 1 ? 'step' : undefined}
                    className={`flex flex-1 flex-col items-center justify-center rounded-lg px-2 py-1.5 text-center font-medium sm:block sm:rounded-full sm:px-3 sm:py-1 ${step === i + 1 ? 'bg-emerald-800 text-white' : 'bg-slate-100 text-slate-700'}`}
                  >
                    <span className="whitespace-nowrap">Étape {i + 1}&nbsp;:</span> {label}
                  </li>
                ))}
              </ol>
              <h2 ref={stepHeading} tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none">
                {step === 1 ? 'Étape 1 sur 2 — Votre entreprise' : 'Étape 2 sur 2 — Contact et domaines'}
              </h2>

              {/* Both steps stay mounted (the other one hidden): React would otherwise reuse step 1's inputs for step 2's
                  fields, and Précédent would come back to empty fields. Everything typed in both steps is submitted. */}
              <div key="step-1" hidden={step !== 1} className="grid gap-4">
                <TextField
                  label="Nom de l'entreprise"
                  autoComplete="organization"
                  hint={TEXT_HINT}
                  error={errors.entreprise?.message}
                  {...register('entreprise')}
                />
                <SelectField
                  label="Forme juridique"
                  options={LEGAL_FORM_OPTIONS}
                  error={errors.forme_juridique?.message}
                  {...register('forme_juridique')}
                />
                <TextField label="RCCM" hint={PROVIDER_HINTS.rccm} error={errors.rccm?.message} {...register('rccm')} />
                <TextField
                  label="Adresse"
                  autoComplete="street-address"
                  hint={TEXT_HINT}
                  error={errors.adresse?.message}
                  {...register('adresse')}
                />
                <Controller
                  control={control}
                  name="zone"
                  render={({ field }) => (
                    <ZoneField label="Zone" value={field.value ?? ''} onChange={field.onChange} error={errors.zone?.message} />
                  )}
                />
                <div className="flex justify-end">
                  <Button onClick={goToStepTwo}>Suivant</Button>
                </div>
              </div>
              <div key="step-2" hidden={step !== 2} className="grid gap-4">
                <TextField
                  label="Email (facultatif)"
                  type="email"
                  autoComplete="email"
                  hint="Laissez vide si l’entreprise n’a pas d’email."
                  error={errors.email?.message}
                  {...register('email')}
                />
                <TextField
                  label="Téléphone"
                  type="tel"
                  autoComplete="tel"
                  placeholder="+22990000000"
                  error={errors.telephone?.message}
                  {...register('telephone')}
                />
                <TextField
                  label="Marge salaire (FCFA)"
                  inputMode="numeric"
                  error={errors.marge_salaire?.message}
                  {...register('marge_salaire')}
                />
                <TextField
                  label="WhatsApp"
                  type="tel"
                  placeholder="+22990000000"
                  error={errors.whatsapp?.message}
                  {...register('whatsapp')}
                />
                <DomainDiscountFields
                  domains={PROVIDER_DOMAINS}
                  selected={selected}
                  onChange={onDomainsChange}
                  error={errors.domaines?.message ?? errors.domaines?.root?.message}
                  discountProps={(d) => register(`reductions.${d as (typeof PROVIDER_DOMAINS)[number]}`)}
                  discountError={(d) => errors.reductions?.[d as (typeof PROVIDER_DOMAINS)[number]]?.message ?? errors.reductions?.message}
                />
                <div className="flex flex-wrap justify-between gap-3">
                  <Button variant="secondary" onClick={() => setStep(1)} disabled={mutation.isPending}>
                    Précédent
                  </Button>
                  <Button type="submit" isLoading={mutation.isPending} loadingText="Envoi en cours…">
                    Soumettre
                  </Button>
                </div>
              </div>
            </form>
          )}
        </div>
      </div>

      {mutation.isPending ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 backdrop-blur-sm">
          <div className="rounded-lg bg-white p-6 shadow-xl ring-1 ring-slate-200">
            <Spinner label="Enregistrement en cours…" />
          </div>
        </div>
      ) : null}
    </section>
  );
}
