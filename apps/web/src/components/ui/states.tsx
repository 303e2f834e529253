import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/errors';

/**
 * Takes a screen's height while it shows, so what it stands in for does not push the footer
 * (or anything below it) out of view when it arrives: no layout shift.
 */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center gap-3 py-16">
      <span className="loading loading-lg loading-spinner text-primary" aria-hidden="true" />
      <p className="text-base-content/70">{label}</p>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="text-base-content/80">{errorMessage(error)}</p>
      <button type="button" className="btn btn-outline btn-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="py-16 text-center text-base-content/70">{children}</div>;
}

/** Shown instead of another user's cart or listings, with a way to the signed-in user's own page. */
export function OwnPagesOnly({ message, to, linkText }: { message: string; to: string | null; linkText: string }) {
  return (
    <EmptyState>
      <p>{message}</p>
      {to ? (
        <Link to={to} className="btn mt-4 btn-primary btn-sm">
          {linkText}
        </Link>
      ) : null}
    </EmptyState>
  );
}
