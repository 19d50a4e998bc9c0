import { SmsGivingHint } from '@web/components/money/sms-giving-hint';
import { Link } from '@web/lib/router';

/** Call-to-action banner (docs/product/screens.md). */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-gradient-to-r from-orange-800 to-amber-700 px-4 py-14 text-center text-white">
      <h2 id="cta-title" className="mb-4 text-3xl font-bold">
        Engagez-vous à nos côtés
      </h2>
      <p className="mx-auto mb-8 max-w-2xl text-lg text-amber-50">
        Engagez-vous pour soutenir l'alimentation, les soins médicaux, l'éducation et bien plus encore&nbsp;: ensemble, répondons aux
        besoins essentiels de chaque famille.
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/volontier" className="rounded-md bg-white px-6 py-3 font-semibold text-orange-900 hover:bg-amber-100">
          Je m'engage
        </Link>
        <Link to="/donation" className="rounded-md px-6 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10">
          Je soutiens l'association
        </Link>
        <Link to="/evenements" className="rounded-md px-6 py-3 font-semibold text-white ring-2 ring-white hover:bg-white/10">
          Nos événements
        </Link>
      </div>
      {/* Giving without internet, when ORG_SMS_NUMBER is set (docs/giving-by-phone.md). */}
      <SmsGivingHint className="mx-auto mt-8 max-w-2xl text-amber-50" />
    </section>
  );
}
