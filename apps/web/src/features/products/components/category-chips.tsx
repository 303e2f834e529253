import { NavLink } from 'react-router';
import { CATEGORIES } from '@b2b/shared';
import { paths } from '@/config/paths';

/** Links to every category page; the current one is highlighted. */
export function CategoryChips() {
  return (
    <nav aria-label="Categories" className="-mx-1 overflow-x-auto pb-1">
      <ul className="flex w-max gap-2 px-1 sm:w-auto sm:flex-wrap">
        <li>
          <NavLink
            to={paths.categories}
            end
            className={({ isActive }) =>
              `btn rounded-full btn-sm ${isActive ? 'btn-primary' : 'border-base-300 btn-outline'}`
            }
          >
            All
          </NavLink>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category.value}>
            <NavLink
              to={paths.category(category.value)}
              className={({ isActive }) =>
                `btn rounded-full btn-sm ${isActive ? 'btn-primary' : 'border-base-300 btn-outline'}`
              }
            >
              {category.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
