import { Link } from '@web/lib/router';

/** Beside a form that collects personal data: where the notice says what is done with it (docs/product/personal-data.md). */
export function PrivacyNote() {
  return (
    <p className="text-sm text-slate-700">
      Vos coordonnées servent à votre reçu et à vos messages, rien d’autre.{' '}
      <Link className="text-emerald-800 underline" to="/confidentialite">
        Confidentialité
      </Link>
    </p>
  );
}
