import { formatTelephone } from '@shared/phone';
import { useOrganisation } from '@web/components/layout/use-organisation';

/**
 * How to give without internet (docs/giving-by-phone.md): « DON 1000 » by SMS to ORG_SMS_NUMBER. Nothing when the
 * number is not set; the same words on the home page and /donation. The number as people dial it (« 01 90 00 00 00 »).
 */
export function SmsGivingHint({ className = 'mt-6 text-sm text-slate-700' }: { className?: string }) {
  const { smsNumber } = useOrganisation();
  if (!smsNumber) return null;
  return (
    <p className={className} data-testid="sms-giving-hint">
      Sans internet ? Envoyez <strong>DON 1000</strong> (ou un autre montant) par SMS au{' '}
      <span className="whitespace-nowrap">{formatTelephone(smsNumber)}</span> : la demande de paiement arrive sur votre téléphone.
    </p>
  );
}
