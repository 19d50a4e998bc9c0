import { zodResolver } from '@hookform/resolvers/zod';
import { type FeeSettings, type FeeSettingsInput, feeSettingsSchema, SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { api } from '@web/lib/api-client';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useForm } from 'react-hook-form';

// Membership fees: what /paiement prefills for each type, and the minimum below which a fee is refused.
export function FeesForm({ current }: { current: FeeSettings }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FeeSettingsInput, unknown, FeeSettings>({ resolver: zodResolver(feeSettingsSchema), defaultValues: current });

  const onValid = async (values: FeeSettings) => {
    try {
      await api.put('/admin/settings', values);
      notify.success(SETTINGS_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] });
    } catch (error) {
      showSubmitError(error, setError);
    }
  };
  const field = (name: keyof FeeSettingsInput, label: string) => (
    <TextField label={label} inputMode="numeric" error={errors[name]?.message} {...register(name)} />
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label="Montants des adhésions et cotisations"
      className="grid max-w-2xl gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6"
    >
      <h3 className="text-lg font-bold text-emerald-950 sm:col-span-2">Adhésion et cotisation</h3>
      {field('adhesion_amount', "Frais d'adhésion (FCFA)")}
      {field('adhesion_min', "Minimum des frais d'adhésion (FCFA)")}
      {field('cotisation_amount', 'Cotisation (FCFA)')}
      {field('cotisation_min', 'Minimum de la cotisation (FCFA)')}
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
          Enregistrer les montants
        </Button>
      </div>
    </form>
  );
}
