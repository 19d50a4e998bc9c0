import { buildPrivacyNotice, DEFAULT_NOTICE_SETTINGS, DEFAULT_PRIVACY_CONTROLLER } from '@shared/privacy-notice';
import type { PrivacyNotice } from '@shared/schemas/privacy';
import { APDP, PRIVACY_REQUEST_DAYS } from '@shared/zod-free/privacy';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';
import { usePublicData } from '@web/lib/use-public-data';
import { RequestForm } from './request-form';

// /confidentialite (docs/product/personal-data.md — Notice): who keeps what, why, for how long, who receives it, the
// transfers outside Benin, the rights and how to use them. The frame and the rights are in the prerendered page;
// the facts that depend on the live configuration come from GET /api/privacy/notice (the same JSON anyone can read).
// Until it arrives (and in the prerendered HTML) the page shows the notice of the default settings, built by the same
// shared function: the live one changes a few words, not the layout (issue #32, layout shift). The transfers, which
// the default settings lack, wait for the live notice: they sit below the first screen.

const fetchNotice = () => api.get<PrivacyNotice>('/privacy/notice', { token: null });

const h2 = 'mt-8 mb-3 text-xl font-bold text-emerald-950';

const DEFAULT_NOTICE = buildPrivacyNotice(DEFAULT_NOTICE_SETTINGS, DEFAULT_PRIVACY_CONTROLLER);

export default function PrivacyPage() {
  const { data: live } = usePublicData('privacy-notice', fetchNotice);
  const notice = live ?? DEFAULT_NOTICE;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-slate-800">
      <PageTitle title="Confidentialité et données personnelles">Confidentialité et données personnelles</PageTitle>
      <p>
        Cette page explique simplement quelles informations l’association garde sur vous, pourquoi, combien de temps, et comment vous pouvez
        les consulter, les corriger ou les faire effacer, comme le prévoit le Code du numérique du Bénin.
      </p>

      <h2 className={h2}>Qui est responsable de vos données&nbsp;?</h2>
      <div className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <p className="font-semibold">{notice.controller.name}</p>
        {notice.controller.address ? <p>{notice.controller.address}</p> : null}
        {notice.controller.email ? (
          <p>
            E-mail&nbsp;:{' '}
            <a className="break-all text-emerald-800 underline" href={`mailto:${notice.controller.email}`}>
              {notice.controller.email}
            </a>
          </p>
        ) : null}
        {notice.controller.telephone ? <p>Téléphone&nbsp;: {notice.controller.telephone}</p> : null}
        {notice.controller.dpo ? (
          <p className="mt-2">
            Délégué à la protection des données&nbsp;: {notice.controller.dpo.name}
            {notice.controller.dpo.email ? (
              <>
                {' '}
                (
                <a className="break-all text-emerald-800 underline" href={`mailto:${notice.controller.dpo.email}`}>
                  {notice.controller.dpo.email}
                </a>
                )
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      <h2 className={h2}>Ce que nous recueillons, pourquoi et combien de temps</h2>
      <ul className="space-y-4">
        {notice.categories.map((c) => (
          <li key={c.key} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h3 className="mb-1 font-bold text-emerald-900">{c.title}</h3>
            <dl className="space-y-1">
              <div>
                <dt className="inline font-semibold">Données&nbsp;: </dt>
                <dd className="inline">{c.data}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Pourquoi&nbsp;: </dt>
                <dd className="inline">{c.purpose}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Base légale&nbsp;: </dt>
                <dd className="inline">{c.legal_basis}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Qui les reçoit&nbsp;: </dt>
                <dd className="inline">{c.recipients}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Durée de conservation&nbsp;: </dt>
                <dd className="inline">{c.retention}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>

      <h2 className={h2}>Transferts hors du Bénin</h2>
      {live ? (
        live.transfers.length === 0 ? (
          <p>
            Avec la configuration actuelle, vos données restent sur le serveur de l’association&nbsp;: aucun service hors du Bénin ne les
            reçoit.
          </p>
        ) : (
          <ul className="list-disc space-y-2 pl-6">
            {live.transfers.map((t) => (
              <li key={t.service}>
                <span className="font-semibold">{t.service}</span>&nbsp;: {t.recipient} — {t.destination}. {t.data}
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className="text-slate-600">Chargement des informations…</p>
      )}

      <h2 className={h2}>Vos choix (consentements)</h2>
      <p>
        La lettre d’information, les nouvelles par SMS ou WhatsApp, l’affichage de votre nom parmi les donateurs et la publication d’un
        témoignage ne se font qu’avec votre accord explicite. Vous pouvez le retirer à tout moment&nbsp;: par le lien présent dans chaque
        message, ou depuis votre espace membre.
      </p>

      <h2 className={h2}>Vos droits</h2>
      <ul className="list-disc space-y-1 pl-6">
        {notice.rights.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="mt-3">
        L’association répond dans un délai de {PRIVACY_REQUEST_DAYS} jours au plus. Depuis votre espace membre, vous pouvez aussi
        télécharger vos données, gérer vos consentements et supprimer votre compte.
      </p>

      <h2 className={h2} id="demande">
        Faire une demande
      </h2>
      <RequestForm />

      <h2 className={h2}>Réclamation auprès de l’APDP</h2>
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir l’{APDP.name}&nbsp;: {APDP.address} —{' '}
        <a className="text-emerald-800 underline" href={`mailto:${APDP.email}`}>
          {APDP.email}
        </a>{' '}
        —{' '}
        <a className="text-emerald-800 underline" href={APDP.website} rel="noopener noreferrer" target="_blank">
          apdp.bj
        </a>
        .
      </p>
    </section>
  );
}
