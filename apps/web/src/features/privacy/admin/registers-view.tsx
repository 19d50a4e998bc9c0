import { DownloadButton } from '@web/components/admin/download-button';
import { Spinner } from '@web/components/ui/spinner';
import { BreachesPanel } from './breaches-panel';
import { REGISTER_PDF_PATH, useProcessings } from './registers-api';
import { RetentionRunsPanel } from './retention-runs-panel';

// « Registres » (administrators): the register of processings for the APDP declaration, generated from the live
// configuration (downloadable as PDF), the breach register with its form, and the retention job's last runs.

export function RegistersView() {
  const processings = useProcessings();
  return (
    <div className="space-y-10">
      <section aria-labelledby="processings-title" className="space-y-4">
        <h2 id="processings-title" className="text-2xl font-bold text-emerald-950">
          Registre des traitements
        </h2>
        <p className="text-slate-700">
          Établi à partir de la configuration en vigueur (responsable, durées de conservation, services utilisés), pour la déclaration à
          l’APDP.
        </p>
        <DownloadButton path={REGISTER_PDF_PATH} fileName="registre-des-traitements.pdf" label="Télécharger le registre (PDF)" />
        {processings.isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
            Erreur lors de la récupération du registre.
          </p>
        ) : !processings.data ? (
          <Spinner />
        ) : (
          <ul className="space-y-3">
            {processings.data.map((p) => (
              <li key={p.key} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <details>
                  <summary className="min-h-11 cursor-pointer py-2 font-semibold text-emerald-950">{p.name}</summary>
                  <dl className="mt-2 space-y-2 text-sm break-words text-slate-800">
                    {(
                      [
                        ['Finalités', p.purposes],
                        ['Base légale', p.legal_basis],
                        ['Personnes concernées', p.people],
                        ['Catégories de données', p.data],
                        ['Destinataires', p.recipients],
                        ['Durée de conservation', p.retention],
                        ['Transferts hors du Bénin', p.transfers],
                        ['Mesures de sécurité', p.security],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className="font-semibold">{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      <BreachesPanel />
      <RetentionRunsPanel />
    </div>
  );
}
