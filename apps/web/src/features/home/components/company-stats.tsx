import { COMPANY_STATS } from '@b2b/shared';

export function CompanyStats() {
  return (
    <section aria-labelledby="home-stats" className="mx-auto max-w-7xl px-4 py-14">
      <h2 id="home-stats" className="text-center text-3xl font-bold">
        Trusted by businesses across Bangladesh
      </h2>
      <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {COMPANY_STATS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm"
          >
            <dt className="text-sm text-base-content/70 sm:text-base">{stat.label}</dt>
            <dd className="text-3xl font-extrabold text-primary sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
