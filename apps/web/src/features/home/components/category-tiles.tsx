import { CATEGORIES, HOME_CATEGORY_TILES } from '@b2b/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CATEGORY_SECTION_ID } from '../slides';

/** Image files use the category value, with '&' (office&stationary) spelled as '-'. */
export function categoryImage(value: string): string {
  return `/images/categories/${value.replace('&', '-')}.svg`;
}

export function CategoryTiles() {
  return (
    <section
      id={CATEGORY_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="home-categories"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-14 focus:outline-none"
    >
      <h2 id="home-categories" className="text-center text-3xl font-bold">
        Product Categories
      </h2>
      <p className="mt-2 text-center text-base-content/70">Find what you need by category.</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-4">
        {HOME_CATEGORY_TILES.map((name) => {
          const value = name.toLowerCase();
          const label = CATEGORIES.find((c) => c.value === value)?.label ?? name;
          return (
            <li
              key={name}
              className="basis-[calc(50%-0.5rem)] sm:basis-[calc((100%-2rem)/3)] lg:basis-[calc((100%-4rem)/5)]"
            >
              <Link
                to={paths.category(value)}
                className="group card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <figure className="aspect-square bg-base-200">
                  <img
                    src={categoryImage(value)}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover transition-transform group-hover:scale-105"
                  />
                </figure>
                <div className="card-body items-center p-3">
                  <span className="font-semibold">{label}</span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
