import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { Link } from '@web/lib/router';

const LAYOUTS = { stack: 'flex flex-col gap-4', grid: 'grid gap-4' } as const;

/** A form on a white card (public forms, sign-in and password recovery); the browser's own checks stay off. */
export function FormCard({
  layout = 'stack',
  className,
  ...rest
}: FormHTMLAttributes<HTMLFormElement> & { layout?: keyof typeof LAYOUTS }) {
  return (
    <form noValidate className={cn(LAYOUTS[layout], 'rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200', className)} {...rest} />
  );
}

/**
 * The send button of the public forms: « Envoi en cours... » while the form is being sent. Beside it, the link to the
 * privacy notice every form collecting personal data carries (docs/product/personal-data.md — Notice).
 */
export function SendButton({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  return (
    <>
      <Button type="submit" isLoading={isLoading} loadingText="Envoi en cours…" className="self-start">
        {children}
      </Button>
      <PrivacyNote />
    </>
  );
}

/** « Vos données : … » with the link to /confidentialite. */
export function PrivacyNote() {
  return (
    <p className="text-sm text-slate-600">
      Vos données servent uniquement à traiter votre demande.{' '}
      <Link to="/confidentialite" className="text-emerald-800 underline">
        En savoir plus sur vos données
      </Link>
    </p>
  );
}
