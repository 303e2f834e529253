import {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { getFirebase } from '@/lib/firebase';
import {
  completeGoogleRedirect,
  googleSignInMode,
  signInWithGoogle,
  type GoogleIdentity,
  type GoogleSignInMode,
} from '@/lib/google-sign-in';

export type AuthUser = { uid: string; email: string; displayName: string; photoURL: string | null };

export type RegisterInput = { name: string; email: string; photoURL: string; password: string };

export type AuthContextValue = {
  user: AuthUser | null;
  /** True until Firebase reports the first auth state. */
  loading: boolean;
  /** How 'Login with Google' works here; null until the sign-in settings are loaded. */
  googleMode: GoogleSignInMode | null;
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

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [googleMode, setGoogleMode] = useState<GoogleSignInMode | null>(null);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    getFirebase().then(
      ({ auth, config }) => {
        if (cancelled) return;
        const mode = googleSignInMode(config);
        setGoogleMode(mode);
        unsubscribe = onAuthStateChanged(auth, (current) => {
          setUser(current ? toAuthUser(current) : null);
          setLoading(false);
        });
        if (mode === 'popup') {
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
        setLoading(false);
        toast.error(errorMessage(error), { id: 'auth-config' });
      },
    );
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const signedIn = (current: User): AuthUser => {
      const next = toAuthUser(current);
      setUser(next);
      return next;
    };
    return {
      user,
      loading,
      googleMode,
      async register({ name, email, photoURL, password }) {
        const { auth } = await getFirebase();
        const credential = await createUserWithEmailAndPassword(auth, email, password);
        await updateProfile(credential.user, { displayName: name, photoURL });
        await credential.user.reload();
        // A fresh token carries the new name, which the API copies into cart items.
        await credential.user.getIdToken(true);
        return signedIn(auth.currentUser ?? credential.user);
      },
      async login(email, password) {
        const { auth } = await getFirebase();
        const credential = await signInWithEmailAndPassword(auth, email, password);
        return signedIn(credential.user);
      },
      async loginWithGoogle(identity) {
        const { auth, config } = await getFirebase();
        const credential = await signInWithGoogle(auth, googleSignInMode(config), identity);
        return credential ? signedIn(credential.user) : null;
      },
      async logout() {
        const { auth } = await getFirebase();
        await signOut(auth);
        setUser(null);
      },
    };
  }, [user, loading, googleMode]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
