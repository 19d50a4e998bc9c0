import { PageTitle } from '@web/components/ui/page-title';

export default function Page() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle title="Accueil">Accueil</PageTitle>
    </section>
  );
}
