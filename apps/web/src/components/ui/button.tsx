import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@web/lib/cn';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-emerald-800 text-white hover:bg-emerald-900',
  secondary: 'bg-white text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-emerald-900 hover:bg-emerald-50',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  isLoading?: boolean;
  loadingText?: string;
}

export function Button({
  variant = 'primary',
  isLoading,
  loadingText,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    >
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}
