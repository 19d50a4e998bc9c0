import { zodResolver } from '@hookform/resolvers/zod';
import { formatCotonouDateTime, formatDate, formatFcfa } from '@shared/format';
import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  type AccountCreateInput,
  accountCreateSchema,
  type TransferCreateInput,
  transferCreateSchema,
  TREASURY_MESSAGES,
  type TransferView,
  overdraftWarning,
} from '@shared/schemas/treasury';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAccounts, useRefreshTreasury, useTransfers, useTreasurySettings } from '../api';
import { errorText, optionsOf, Panel, today } from './panel';

// Accounts with their kept balances, a new account, a transfer between two, and where online receipts land.

export function AccountsPanel() {
  const accounts = useAccounts();
  return (
    <div className="space-y-4">
      <Panel title="Comptes et soldes">
        {accounts.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(accounts.error)}
          </p>
        ) : !accounts.data ? (
          <Spinner />
        ) : accounts.data.length === 0 ? (
          <p className="text-slate-700">Aucun compte pour le moment : créez la caisse, le compte bancaire et le compte mobile money.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {accounts.data.map((a) => (
              <li key={a.id} className="rounded-md border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">{a.name}</p>
                <p className="text-sm text-slate-600">
                  {ACCOUNT_KIND_LABELS[a.kind]} — ouvert le <span className="whitespace-nowrap">{formatDate(a.opening_date)}</span> avec{' '}
                  <span className="whitespace-nowrap">{formatFcfa(a.opening_balance)}</span>
                </p>
                <p className="mt-1 text-xl font-extrabold text-emerald-900" data-testid={`solde-${a.id}`}>
                  {formatFcfa(a.balance)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <NewAccountForm />
      {accounts.data && accounts.data.length > 1 ? <TransferForm /> : null}
      {accounts.data && accounts.data.length > 1 ? <TransferList /> : null}
      {accounts.data?.some((a) => a.kind === 'mobile_money') ? <FedapayAccount /> : null}
    </div>
  );
}

function NewAccountForm() {
  const refresh = useRefreshTreasury();
  const form = useForm<AccountCreateInput>({
    resolver: zodResolver(accountCreateSchema),
    mode: 'onTouched',
    defaultValues: { name: '', kind: 'caisse', opening_balance: '0', opening_date: today() },
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: AccountCreateInput) => {
    try {
      await api.post('/admin/treasury/accounts', values);
      notify.success(TREASURY_MESSAGES.accountCreated);
      form.reset({ name: '', kind: values.kind, opening_balance: '0', opening_date: today() });
      refresh();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  };
  return (
    <Panel title="Nouveau compte">
      <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Nouveau compte" className="grid gap-3 sm:grid-cols-2">
        <TextField label="Nom du compte" error={errors.name?.message} {...form.register('name')} />
        <SelectField
          label="Type"
          options={optionsOf(ACCOUNT_KINDS, ACCOUNT_KIND_LABELS)}
          error={errors.kind?.message}
          {...form.register('kind')}
        />
        <TextField
          label="Solde d’ouverture (FCFA)"
          inputMode="numeric"
          error={errors.opening_balance?.message}
          {...form.register('opening_balance')}
        />
        <TextField
          label="Date d’ouverture"
          type="date"
          max={today()}
          error={errors.opening_date?.message}
          {...form.register('opening_date')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" isLoading={isSubmitting} loadingText="Création…">
            Créer le compte
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function TransferForm() {
  const accounts = useAccounts();
  const refresh = useRefreshTreasury();
  const options = (accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const form = useForm<TransferCreateInput>({
    resolver: zodResolver(transferCreateSchema),
    mode: 'onTouched',
    defaultValues: { from: options[0]?.value ?? '', to: options[1]?.value ?? '', amount: '', date: today(), reference: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [from, amount] = form.watch(['from', 'amount']);
  const overdraft = overdraftWarning(
    (accounts.data ?? []).find((a) => String(a.id) === String(from)),
    String(amount ?? ''),
  );
  const onValid = async (values: TransferCreateInput) => {
    try {
      await api.post('/admin/treasury/transfers', values);
      notify.success(TREASURY_MESSAGES.transferRecorded);
      form.reset({ ...values, amount: '', reference: '' });
      refresh();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  };
  return (
    <Panel title="Virement entre comptes">
      <form noValidate onSubmit={form.handleSubmit(onValid)} aria-label="Virement entre comptes" className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Depuis" options={options} error={errors.from?.message} {...form.register('from')} />
        <SelectField label="Vers" options={options} error={errors.to?.message} {...form.register('to')} />
        <TextField label="Montant (FCFA)" inputMode="numeric" error={errors.amount?.message} {...form.register('amount')} />
        <TextField label="Date" type="date" max={today()} error={errors.date?.message} {...form.register('date')} />
        <TextField label="Référence (facultative)" error={errors.reference?.message} {...form.register('reference')} />
        {overdraft ? (
          <p role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 font-semibold text-amber-900 sm:col-span-2">
            {overdraft}
          </p>
        ) : null}
        <div className="self-end">
          <Button type="submit" isLoading={isSubmitting} loadingText="Enregistrement…">
            Enregistrer le virement
          </Button>
        </div>
      </form>
    </Panel>
  );
}

// A transfer recorded by mistake is cancelled, never deleted nor edited: both movements are countered (reversing
// entries in the books) with a reason, then the right transfer is recorded with the form above.
function TransferList() {
  const transfers = useTransfers();
  const refresh = useRefreshTreasury();
  const [cancelling, setCancelling] = useState<TransferView | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isPending, setPending] = useState(false);
  const close = () => {
    setCancelling(null);
    setReason('');
    setError(undefined);
  };
  const confirm = async () => {
    if (!cancelling) return;
    if (!reason.trim()) {
      setError(TREASURY_MESSAGES.reasonRequired);
      return;
    }
    setPending(true);
    try {
      await api.post(`/admin/treasury/transfers/${cancelling.id}/cancel`, { reason });
      notify.success(TREASURY_MESSAGES.transferCancelled);
      close();
      refresh();
    } catch (e) {
      const errs = (e as { errors?: Record<string, string[]> }).errors;
      setError(errs?.reason?.[0] ?? errorText(e));
    } finally {
      setPending(false);
    }
  };
  if (!transfers.data || transfers.data.length === 0) return null;
  return (
    <Panel title="Virements enregistrés">
      <ul className="space-y-2">
        {transfers.data.map((x) => (
          <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
            <div className="min-w-0">
              <p className={x.cancelled_at ? 'text-slate-500 line-through' : 'font-semibold text-slate-900'}>
                <span className="whitespace-nowrap">{formatDate(x.date)}</span> — {x.from_name} → {x.to_name} —{' '}
                <span className="whitespace-nowrap">{formatFcfa(x.amount)}</span>
                {x.reference ? ` — Réf. ${x.reference}` : ''}
              </p>
              {x.cancelled_at ? (
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-red-800">Annulé</span> le {formatCotonouDateTime(x.cancelled_at)}
                  {x.cancelled_by ? ` par ${x.cancelled_by}` : ''} — Motif : {x.cancel_reason}
                </p>
              ) : null}
            </div>
            {x.cancelled_at ? null : (
              <Button variant="danger" onClick={() => setCancelling(x)}>
                Annuler ce virement
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Modal isOpen={cancelling !== null} title="Annuler ce virement" onClose={close}>
        {cancelling ? (
          <div className="space-y-4">
            <p className="text-slate-800">
              Le virement de {formatFcfa(cancelling.amount)} du {formatDate(cancelling.date)} ({cancelling.from_name} → {cancelling.to_name}
              ) sera contre-passé : il reste dans l’historique et dans les comptes avec son annulation. Enregistrez ensuite le bon virement
              s’il y a lieu.
            </p>
            <TextAreaField
              label="Motif de l’annulation"
              value={reason}
              maxLength={300}
              error={error}
              onChange={(e) => setReason(e.target.value)}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={close}>
                Ne pas annuler
              </Button>
              <Button variant="danger" onClick={confirm} isLoading={isPending} loadingText="Annulation…">
                Confirmer l’annulation
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </Panel>
  );
}

function FedapayAccount() {
  const accounts = useAccounts();
  const settings = useTreasurySettings();
  const refresh = useRefreshTreasury();
  const choices = [
    { value: '', label: 'Le premier compte mobile money' },
    ...(accounts.data ?? []).filter((a) => a.kind === 'mobile_money').map((a) => ({ value: String(a.id), label: a.name })),
  ];
  if (!settings.data) return null;
  return (
    <Panel title="Paiements en ligne">
      <SelectField
        label="Compte qui reçoit les paiements FedaPay"
        options={choices}
        defaultValue={settings.data.fedapay_account === null ? '' : String(settings.data.fedapay_account)}
        hint={`Les dépenses de ${formatFcfa(settings.data.expense_approval_threshold)} ou plus attendent l’approbation d’un second administrateur.`}
        onChange={async (e) => {
          try {
            await api.put('/admin/treasury/settings', { fedapay_account: e.target.value === '' ? null : Number(e.target.value) });
            notify.success(TREASURY_MESSAGES.settingsSaved);
            refresh();
          } catch (error) {
            notify.error(errorText(error));
          }
        }}
      />
    </Panel>
  );
}
