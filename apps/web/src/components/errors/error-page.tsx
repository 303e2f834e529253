import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/errors';

/** The screen shown when a page (or the whole app) fails to render. */
export function ErrorPage({ error, actions }: { error: unknown; actions: ReactNode }) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-base-content/80">{errorMessage(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}
