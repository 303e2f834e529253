import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** What the guard leaves in router state for the login screen. */
export type LoginRedirectState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** Where to go after signing in: the page the guard turned away, else home. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || from.pathname === paths.login) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();

  if (loading) return <LoadingState label="Loading..." />;
  if (!user) {
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}
