import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <>
      <PageTitle page="Page not found" />
      <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
        <h1 className="text-8xl font-black text-primary">404</h1>
        <p className="text-lg text-base-content/80">
          {"Oops! The page you're looking for doesn’t exist or has been moved."}
        </p>
        <Link to={paths.home} className="btn btn-primary">
          Back to Home
        </Link>
        <p className="text-sm text-base-content/70">
          Think this is a mistake? Please{' '}
          <Link to={paths.contact} className="link link-primary">
            contact support
          </Link>
          .
        </p>
      </section>
    </>
  );
}
