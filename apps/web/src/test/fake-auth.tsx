import { useSyncExternalStore, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { AuthContextValue, AuthUser } from '@/lib/auth';
import type { GoogleSignInMode } from '@/lib/google-sign-in';
import { createUser } from './factories';

/*
 * A stand-in for '@/lib/auth' at the module edge:
 *   vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
 * Tests drive it through `fakeAuth` (sign a user in, hold the loading state, make an action
 * fail) and call fakeAuth.reset() in beforeEach.
 *
 * Tests that let the real API client send requests also replace '@/lib/firebase' (which
 * would fetch /api/config and start the Firebase SDK) with `fakeFirebaseModule`:
 *   vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
 * Its ID token follows the fake user, so requests carry a bearer token while someone is signed in.
 */

type State = { user: AuthUser | null; loading: boolean; googleMode: GoogleSignInMode | null };

let state: State = { user: null, loading: false, googleMode: 'popup' };
const listeners = new Set<() => void>();

function setState(patch: Partial<State>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

function makeActions() {
  return {
    register: vi.fn<AuthContextValue['register']>(async ({ name, email, photoURL }) => {
      const user = createUser({ displayName: name, email, photoURL });
      setState({ user });
      return user;
    }),
    login: vi.fn<AuthContextValue['login']>(async (email) => {
      const user = createUser({ email });
      setState({ user });
      return user;
    }),
    loginWithGoogle: vi.fn<AuthContextValue['loginWithGoogle']>(async (identity) => {
      const user = createUser(
        identity ? { email: identity.email, displayName: identity.name, photoURL: identity.picture } : {},
      );
      setState({ user });
      return user;
    }),
    logout: vi.fn<AuthContextValue['logout']>(async () => setState({ user: null })),
    prepare: vi.fn<AuthContextValue['prepare']>(),
  };
}

let actions = makeActions();

export const fakeAuth = {
  reset() {
    actions = makeActions();
    setState({ user: null, loading: false, googleMode: 'popup' });
  },
  signIn(overrides: Partial<AuthUser> = {}): AuthUser {
    const user = createUser(overrides);
    setState({ user, loading: false });
    return user;
  },
  signOut() {
    setState({ user: null });
  },
  setLoading(loading: boolean) {
    setState({ loading });
  },
  setGoogleMode(googleMode: GoogleSignInMode | null) {
    setState({ googleMode });
  },
  get actions() {
    return actions;
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useAuth(): AuthContextValue {
  const current = useSyncExternalStore(subscribe, () => state);
  return { ...current, ...actions };
}

function AuthProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export const fakeAuthModule = { useAuth, AuthProvider };

async function getIdToken(): Promise<string | null> {
  return state.user ? `test-token-${state.user.uid}` : null;
}

export const fakeFirebaseModule = { getIdToken };
