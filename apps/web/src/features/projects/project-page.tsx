import { PageTitle } from '@web/components/ui/page-title';
import { ProjectForm } from './project-form';

// Social project submission (docs/product/screens.md route /projet-social).
export default function ProjectPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle title="Soumettre un Projet Social">Soumettre un Projet Social</PageTitle>
      <p className="mb-6 text-slate-700">
        Vous portez une initiative utile à votre quartier ou à votre village&nbsp;? Présentez-la&nbsp;: notre équipe étudie chaque projet et
        revient vers vous par email.
      </p>
      <ProjectForm />
    </section>
  );
}
