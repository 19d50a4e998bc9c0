/** The newsletter block of the home page (spec §2.12); built by the public-site work. */
export function NewsletterForm() {
  return (
    <section aria-labelledby="newsletter-title" className="bg-emerald-50 px-4 py-12">
      <h2 id="newsletter-title" className="text-center text-2xl font-bold text-emerald-950">
        Abonnez-vous à la Newsletter
      </h2>
    </section>
  );
}
