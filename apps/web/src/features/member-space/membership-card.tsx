import { formatDate } from '@shared/format';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_STATUS_LABELS, type MembershipSummary } from '@shared/schemas/membership';
import type { Profile } from '@shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { RefreshCw, UserPlus } from 'lucide-react';
import { Link } from '@web/lib/router';

// The member's membership at a glance: status, end date and the way to renew. Reads the profile
// (same cache entry as the profile panel), where the server puts `membership`.

const TONE: Record<MembershipSummary['status'], string> = {
  a_jour: 'bg-emerald-100 text-emerald-900',
  a_renouveler: 'bg-amber-100 text-amber-900',
  expiree: 'bg-red-100 text-red-900',
  aucune: 'bg-slate-100 text-slate-900',
};

export function MembershipCard() {
  const profile = useQuery({ queryKey: ['profile'], queryFn: () => api.get<Profile>('/profile') });
  const membership = profile.data?.membership;
  if (!membership) return null;
  const { status, valid_until: validUntil } = membership;
  // « Renouveler » only for a current or former member (a membre, or someone with a period paid once); anyone
  // else is offered to join.
  const isNew = !validUntil && profile.data?.role !== 'membre';
  return (
    <section aria-labelledby="membership-title" className="max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="membership-title" className="mb-2 text-xl font-bold text-emerald-950">
        {MEMBERSHIP_MESSAGES.cardTitle}
      </h2>
      <p className="mb-4 flex flex-wrap items-center gap-3 text-slate-800">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[status]}`} data-testid="membership-status">
          {MEMBERSHIP_STATUS_LABELS[status]}
        </span>
        {validUntil ? (
          <span data-testid="membership-valid-until">
            {status === 'expiree' ? MEMBERSHIP_MESSAGES.expiredOn : MEMBERSHIP_MESSAGES.validUntil} {formatDate(validUntil)}
          </span>
        ) : (
          <span>{MEMBERSHIP_MESSAGES.none}</span>
        )}
      </p>
      <Link
        to={isNew ? '/paiement?type=adhesion' : '/paiement?type=cotisation'}
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900"
      >
        {isNew ? <UserPlus aria-hidden size={18} /> : <RefreshCw aria-hidden size={18} />}
        {isNew ? MEMBERSHIP_MESSAGES.join : MEMBERSHIP_MESSAGES.renew}
      </Link>
    </section>
  );
}
