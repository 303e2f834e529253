import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorPage } from './error-page';

/** A lazy page whose code cannot be downloaded (e.g. after a new deploy) is fixed by a reload. */
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? new Error(`${error.status} ${error.statusText}`.trim())
    : isChunkLoadError(error)
      ? new Error('A new version of the site is available. Reload the page to continue.')
      : error;

  return (
    <ErrorPage
      error={shown}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
          <Link to={paths.home} className="btn btn-ghost">
            Back to Home
          </Link>
        </>
      }
    />
  );
}
