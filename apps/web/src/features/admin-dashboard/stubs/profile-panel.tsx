import { ROLE_LABELS, type Role } from '@shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { ADMIN_FETCH_ERRORS } from '../admin-messages';

// TEMPORARY stand-in for features/profile ProfilePanel (accounts issue), replaced when it lands.

export interface Profile {
  id: number;
  name: string;
  email: string;
  telephone: string;
  role: string;
  zone: string | null;
}

export const useProfile = () => useQuery({ queryKey: ['profile'], queryFn: () => api.get<Profile>('/profile') });

export function ProfilePanel() {
  const profile = useProfile();
  if (profile.isError)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
        {ADMIN_FETCH_ERRORS.profile}
      </p>
    );
  if (!profile.data) return <Spinner />;
  const p = profile.data;
  return (
    <section className="max-w-xl space-y-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 className="text-2xl font-bold text-emerald-950">{p.name}</h2>
      <p className="text-slate-700">{ROLE_LABELS[p.role as Role] ?? p.role}</p>
      <dl className="grid gap-2">
        <dt className="font-medium">Nom</dt>
        <dd>{p.name}</dd>
        <dt className="font-medium">Email</dt>
        <dd>{p.email}</dd>
        <dt className="font-medium">Téléphone</dt>
        <dd>{p.telephone}</dd>
      </dl>
    </section>
  );
}
