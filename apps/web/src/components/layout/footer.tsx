import { DASHBOARD_BY_ROLE, MEMBER_SPACE_PATH, type Role } from '@shared/constants';
import { useSignedInRole } from '@web/lib/use-signed-in';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from '@web/lib/router';
import { SocialIcons } from './social-icons';
import { useOrganisation } from './use-organisation';

const LINKS = [
  { to: '/temoignage', label: 'Inspiration & Témoignages' },
  { to: '/donation', label: 'Faire un Don' },
  { to: '/volontier', label: 'Devenir Volontaire' },
  { to: '/projet-social', label: 'Soumettre un Projet' },
  { to: '/contact', label: 'Contactez-nous' },
  { to: '/about', label: 'À propos de nous' },
  { to: '/transparence', label: 'Transparence financière' },
  { to: '/confidentialite', label: 'Confidentialité' },
  { to: '/', label: 'Accueil' },
];

export function Footer() {
  const org = useOrganisation();
  // « Connexion » for visitors; someone signed in finds « Mon espace » instead (read after hydration: no mismatch).
  const role = useSignedInRole();
  const account =
    role === null
      ? { to: '/connexion', label: 'Connexion' }
      : { to: DASHBOARD_BY_ROLE[role as Role] ?? MEMBER_SPACE_PATH, label: 'Mon espace' };
  const links = [...LINKS.slice(0, -1), account, LINKS.at(-1)!];
  return (
    <footer className="bg-emerald-950 text-emerald-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="mb-2 text-lg font-bold text-white">{org.name}</p>
          <p className="text-emerald-100">
            Une association béninoise qui unit consommateurs, prestataires, membres, sympathisants et conseillers pour répondre aux besoins
            essentiels : alimentation, santé, éducation, financement communautaire, habillement, transport, logement, sécurité, protection
            juridique et énergie.
          </p>
        </div>
        <nav aria-label="Liens utiles">
          <p className="mb-2 font-bold text-white">Liens utiles</p>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-block py-1 text-emerald-100 underline-offset-4 hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="mb-2 font-bold text-white">Contact</p>
          <ul className="space-y-2 text-emerald-100">
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" size={18} /> {org.address}
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" size={18} /> {org.telephone}
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" size={18} />
              <a href={`mailto:${org.email}`} className="break-all hover:text-white hover:underline">
                {org.email}
              </a>
            </li>
          </ul>
          <SocialIcons className="mt-4 flex gap-3" links={org.social} />
        </div>
      </div>
      {/* The year from the clock (issue #18 §6); a page prerendered in December may meet a January visitor, hence no warning. */}
      <p suppressHydrationWarning className="border-t border-emerald-900 py-4 text-center text-sm text-emerald-100">
        © {new Date().getFullYear()} {org.name}. Tous droits réservés.
      </p>
    </footer>
  );
}
