import type { User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useHydrated } from '@/lib/hydration';
import { getFirebase, getSignInSettings } from '@/lib/firebase';
import {
  completeGoogleRedirect,
  googleSignInMode,
  googleSignInModeOf,
  signInWithGoogle,
  type GoogleIdentity,
  type GoogleSignInMode,
} from '@/lib/google-sign-in';
import {
  clearGoogleRedirect,
  firebaseMayHaveSession,
  googleRedirectPending,
  readSessionHint,
  readSessionToken,
  SESSION_HINT_KEY,
  writeSessionHint,
} from '@/lib/session-hint';

export type AuthUser = { uid: string; email: string; displayName: string; photoURL: string | null };

export type RegisterInput = { name: string; email: string; photoURL: string; password: string };

export type AuthContextValue = {
  /** The signed-in user; until Firebase has reported, the one this browser last saw signed in. */
  user: AuthUser | null;
  /** True until the first auth state is known (at once when this browser was last signed out). */
  loading: boolean;
  /** How 'Login with Google' works here; null until the sign-in settings are loaded. */
  googleMode: GoogleSignInMode | null;
  /**
   * Sign-in pages call it on arrival (an effect; it returns its cleanup): the sign-in settings
   * load at once, so 'Login with Google' knows how it works, and Firebase itself starts at the
   * visitor's first tap, key or focus, or once the page has settled, whichever comes first. The
   * page's first load does not also carry the SDK, and it is ready before the form is sent.
   */
  prepare: () => () => void;
  register: (input: RegisterInput) => Promise<AuthUser>;
  login: (email: string, password: string) => Promise<AuthUser>;
  /**
   * With the account chooser pass the chosen identity. Resolves with the user, or with null
   * when the browser is being redirected to Google.
   */
  loginWithGoogle: (identity?: GoogleIdentity) => Promise<AuthUser | null>;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL,
  };
}

/*
 * Firebase (SDK and settings) is loaded only when something needs it (docs/architecture.md,
 * "Identity"): at once when this browser was signed in last time (the navbar shows that user
 * meanwhile), when a sign-in page opens, on a sign-in action, or when Firebase may hold a
 * session this browser has no hint of. A visitor who was never signed in gets public pages
 * without the SDK; the guard still waits ('Loading...') until the state is known.
 */
/**
 * How long after the page's load a returning user's session is confirmed by Firebase when the
 * hint holds their unexpired token: nothing needs Firebase before then, and on a phone its ~30 KB
 * of script and its token check would compete with the page's first render and first taps.
 */
export const CONFIRM_AFTER_LOAD_MS = 5_000;

/** What shows that someone is about to use a sign-in form. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Resolves once the page has loaded, settled for CONFIRM_AFTER_LOAD_MS, and the browser is idle. */
function afterSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : resolve();
    const wait = () => window.setTimeout(idle, CONFIRM_AFTER_LOAD_MS);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [hint] = useState(readSessionHint);
  const [redirected] = useState(googleRedirectPending);
  const [user, setUser] = useState<AuthUser | null>(hint ?? null);
  // Known at once when this browser was signed out last time, or holds the user's unexpired
  // token (until Firebase says otherwise); otherwise loading until Firebase reports.
  const [loading, setLoading] = useState(() => (hint !== null || redirected) && !(hint && readSessionToken()));
  const [googleMode, setGoogleMode] = useState<GoogleSignInMode | null>(null);
  const [wanted, setWanted] = useState(Boolean(hint) || redirected);

  // No hint: start Firebase only if it may hold a session; otherwise nobody is signed in.
  useEffect(() => {
    if (hint !== undefined || redirected) return;
    let cancelled = false;
    void firebaseMayHaveSession().then((maybe) => {
      if (cancelled) return;
      if (maybe) setWanted(true);
      else setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, [hint, redirected]);

  // Signing in or out in another tab changes the hint: let Firebase tell this tab too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_HINT_KEY) setWanted(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let unsubscribe = () => {};
    // With the user's unexpired token at hand nothing waits for Firebase: let the page load and
    // settle first, then confirm. Otherwise start it now.
    const ready = readSessionToken() ? afterSettled() : Promise.resolve();
    ready
      .then(() => getFirebase())
      .then(async ({ auth, config }) => {
        const { onIdTokenChanged } = await import('firebase/auth');
        return { auth, config, onIdTokenChanged };
      })
      .then(
        ({ auth, config, onIdTokenChanged }) => {
          if (cancelled) return;
          const mode = googleSignInMode(config);
          setGoogleMode(mode);
          // Sign-in, sign-out and every token refresh: the hint keeps the user's current token.
          unsubscribe = onIdTokenChanged(auth, (current) => {
            const next = current ? toAuthUser(current) : null;
            writeSessionHint(next);
            if (current) {
              void current.getIdTokenResult().then(
                (result) =>
                  auth.currentUser?.uid === current.uid &&
                  writeSessionHint(next, { value: result.token, expiresAt: Date.parse(result.expirationTime) }),
                () => undefined,
              );
            }
            setUser(next);
            setLoading(false);
          });
          if (mode === 'popup') {
            clearGoogleRedirect();
            completeGoogleRedirect(auth).then(
              (result) => {
                if (result) void showAlert({ icon: 'success', title: 'Google sign-in successful.', timerMs: 2000 });
              },
              (error: unknown) =>
                void showAlert({ icon: 'error', title: 'Google sign-in failed', text: errorMessage(error) }),
            );
          }
        },
        (error: unknown) => {
          if (cancelled) return;
          // Without the settings nobody can be signed in; public pages keep working.
          setUser(null);
          setLoading(false);
          toast.error(errorMessage(error), { id: 'auth-config' });
        },
      );
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [wanted]);

  // The build's frame and the hydration render know no session: "checking" until hydrated.
  const hydrated = useHydrated();
  const shownUser = hydrated ? user : null;
  const shownLoading = hydrated ? loading : true;

  const value = useMemo<AuthContextValue>(() => {
    const signedIn = (current: User): AuthUser => {
      const next = toAuthUser(current);
      writeSessionHint(next);
      setUser(next);
      return next;
    };
    const firebase = async () => {
      const services = await getFirebase();
      setWanted(true);
      return services;
    };
    return {
      user: shownUser,
      loading: shownLoading,
      googleMode,
      prepare() {
        // `active` until the page is left; Firebase starts once.
        let active = true;
        const stopListening = () => {
          for (const type of INTENT_EVENTS) window.removeEventListener(type, start, { capture: true });
        };
        const start = () => {
          stopListening();
          if (active) setWanted(true);
        };
        for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
        void afterSettled().then(start);
        getSignInSettings().then(
          (settings) => active && setGoogleMode((mode) => mode ?? googleSignInModeOf(settings)),
          // Firebase's own start reports what went wrong.
          start,
        );
        return () => {
          active = false;
          stopListening();
        };
      },
      async register({ name, email, photoURL, password }) {
        const { auth } = await firebase();
        const { createUserWithEmailAndPassword, updateProfile } = await import('firebase/auth');
        const credential = await createUserWithEmailAndPassword(auth, email, password);
        await updateProfile(credential.user, { displayName: name, photoURL });
        await credential.user.reload();
        // A fresh token carries the new name, which the API copies into cart items.
        await credential.user.getIdToken(true);
        return signedIn(auth.currentUser ?? credential.user);
      },
      async login(email, password) {
        const { auth } = await firebase();
        const { signInWithEmailAndPassword } = await import('firebase/auth');
        const credential = await signInWithEmailAndPassword(auth, email, password);
        return signedIn(credential.user);
      },
      async loginWithGoogle(identity) {
        const { auth, config } = await firebase();
        const credential = await signInWithGoogle(auth, googleSignInMode(config), identity);
        return credential ? signedIn(credential.user) : null;
      },
      async logout() {
        const { auth } = await firebase();
        const { signOut } = await import('firebase/auth');
        await signOut(auth);
        writeSessionHint(null);
        setUser(null);
      },
    };
  }, [shownUser, shownLoading, googleMode]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
