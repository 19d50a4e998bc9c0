import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from '@web/lib/router';

/** The route error screen (docs/product/screens.md): "Unexpected Application Error!" with the error's message. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="mb-4 text-3xl font-bold text-red-800">Unexpected Application Error!</h1>
      <h2 className="mb-4 text-xl text-slate-800">{detail}</h2>
      <p className="mb-8 text-slate-700">Une erreur inattendue s'est produite. Veuillez recharger la page ou revenir à l'accueil.</p>
      <a href="/" className="rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white">
        Retour à l'accueil
      </a>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; pathname: string };
type BoundaryState = { error: unknown; pathname: string | null };

/** Catches a page that fails to render or a page chunk that fails to load; leaving the URL clears the error. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Erreur inconnue') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error && state.pathname !== null && state.pathname !== props.pathname) return { error: null, pathname: null };
    if (state.error && state.pathname === null) return { pathname: props.pathname };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>;
}
