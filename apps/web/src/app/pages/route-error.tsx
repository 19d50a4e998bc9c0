import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's error screen (spec §2): "Unexpected Application Error!" with the status (404 Not Found, 405, 400). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
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
