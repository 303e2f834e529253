import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, expect, test, vi } from 'vitest';

const calls: string[] = [];
const fb = vi.hoisted(() => ({
  listener: null as ((user: unknown) => void) | null,
  currentUser: null as unknown,
}));

const firebase = vi.hoisted(() => ({ started: 0 }));

vi.mock('@/lib/firebase', () => ({
  getSignInSettings: vi.fn(async () => ({ authEmulatorUrl: 'http://127.0.0.1:9099' })),
  getFirebase: vi.fn(async () => ({
    started: ++firebase.started,
    auth: {
      get currentUser() {
        return fb.currentUser;
      },
    },
    config: { firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: 'http://127.0.0.1:9099' },
  })),
}));

vi.mock('firebase/auth', () => ({
  onIdTokenChanged: vi.fn((_auth: unknown, listener: (user: unknown) => void) => {
    fb.listener = listener;
    return () => {
      fb.listener = null;
    };
  }),
  createUserWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string) => {
    calls.push('create');
    const user = {
      uid: 'new-uid',
      email,
      displayName: null as string | null,
      photoURL: null as string | null,
      reload: vi.fn(async () => calls.push('reload')),
      getIdToken: vi.fn(async (force?: boolean) => {
        calls.push(`token:${String(force)}`);
        return 't';
      }),
    };
    fb.currentUser = user;
    return { user };
  }),
  updateProfile: vi.fn(
    async (
      user: { displayName: string | null; photoURL: string | null },
      profile: { displayName: string; photoURL: string },
    ) => {
      calls.push('profile');
      Object.assign(user, profile);
    },
  ),
  signInWithEmailAndPassword: vi.fn(),
  signOut: vi.fn(async () => calls.push('signOut')),
}));

const { AuthProvider, CONFIRM_AFTER_LOAD_MS, useAuth } = await import('./auth');
const { readSessionHint, readSessionToken, SESSION_HINT_KEY, writeSessionHint } = await import('./session-hint');

const ann = { uid: 'u-ann', email: 'ann@example.com', displayName: 'Ann', photoURL: 'https://x/a.png' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toUTCString();

/** A Firebase user as the listener gets it, with an ID token valid for an hour. */
function fbUser(user: { uid: string; email: string; displayName: string | null; photoURL: string | null }) {
  fb.currentUser = user;
  return { ...user, getIdTokenResult: async () => ({ token: `token-${user.uid}`, expirationTime: inAnHour() }) };
}

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p>{auth.loading ? 'loading' : auth.user ? `user:${auth.user.displayName}:${auth.user.photoURL}` : 'nobody'}</p>
      <p>{`google:${auth.googleMode}`}</p>
      <button
        type="button"
        onClick={() =>
          void auth.register({
            name: 'Ann',
            email: 'ann@example.com',
            photoURL: 'https://x/a.png',
            password: 'Abcdefg1!',
          })
        }
      >
        register
      </button>
      <button type="button" onClick={() => void auth.logout()}>
        logout
      </button>
      <button type="button" onClick={() => void auth.prepare()}>
        prepare
      </button>
    </div>
  );
}

beforeEach(() => {
  calls.length = 0;
  fb.listener = null;
  fb.currentUser = null;
  firebase.started = 0;
  localStorage.clear();
});

const renderProbe = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );

test('loading lasts until Firebase reports the first auth state', async () => {
  // Signed in last time: Firebase starts at once to confirm it.
  writeSessionHint(ann);
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  expect(screen.getByText('loading')).toBeInTheDocument();
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
  expect(screen.getByText('google:account-chooser')).toBeInTheDocument();

  act(() => fb.listener?.(null));
  expect(screen.getByText('nobody')).toBeInTheDocument();
  // Firebase's word replaces the hint.
  expect(readSessionHint()).toBeNull();

  act(() => fb.listener?.(fbUser({ uid: 'u', email: 'a@b.c', displayName: 'Bea', photoURL: null }) as Partial<User>));
  expect(screen.getByText('user:Bea:null')).toBeInTheDocument();
});

test('a browser that was signed out last time knows it at once, without Firebase', async () => {
  writeSessionHint(null);
  renderProbe();
  expect(screen.getByText('nobody')).toBeInTheDocument();
  expect(screen.getByText('google:null')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(firebase.started).toBe(0);
});

test('without any hint, and no Firebase session in this browser, nobody is signed in and Firebase stays unloaded', async () => {
  renderProbe();
  expect(await screen.findByText('nobody')).toBeInTheDocument();
  expect(firebase.started).toBe(0);
});

test('the user signed in last time is known at once; Firebase confirms or corrects it', async () => {
  writeSessionHint(ann);
  const { unmount } = renderProbe();
  // Still loading (the guard waits), but the user is there for the navbar.
  expect(screen.getByText('loading')).toBeInTheDocument();
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
  act(() => fb.listener?.(fbUser({ uid: 'u-ann', email: 'ann@example.com', displayName: 'Ann B.', photoURL: null })));
  expect(screen.getByText('user:Ann B.:null')).toBeInTheDocument();
  expect(readSessionHint()).toMatchObject({ uid: 'u-ann', displayName: 'Ann B.' });
  // The hint keeps the current token, for the next visit.
  await vi.waitFor(() => expect(readSessionToken()).toBe('token-u-ann'));
  unmount();
});

test("with the user's unexpired token in the hint, the state is known at once; Firebase confirms once the page has settled, and can still sign them out", async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  writeSessionHint(ann, { value: 'token-u-ann', expiresAt: Date.now() + 3_600_000 });
  renderProbe();
  expect(screen.getByText('user:Ann:https://x/a.png')).toBeInTheDocument();
  await vi.advanceTimersByTimeAsync(CONFIRM_AFTER_LOAD_MS - 100);
  expect(firebase.started).toBe(0);
  await vi.advanceTimersByTimeAsync(100);
  vi.useRealTimers();
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
  act(() => fb.listener?.(null));
  expect(screen.getByText('nobody')).toBeInTheDocument();
  expect(readSessionToken()).toBeNull();
});

test('an expired token in the hint does not count: loading until Firebase reports', () => {
  writeSessionHint(ann, { value: 'old', expiresAt: Date.now() + 30_000 });
  renderProbe();
  expect(screen.getByText('loading')).toBeInTheDocument();
  expect(readSessionToken()).toBeNull();
});

test('prepare loads the sign-in settings at once, and starts Firebase at the first key, tap or focus', async () => {
  writeSessionHint(null);
  const user = userEvent.setup();
  renderProbe();
  await user.click(screen.getByRole('button', { name: 'prepare' }));
  // How Google sign-in works is known without the SDK…
  expect(await screen.findByText('google:account-chooser')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(firebase.started).toBe(0);
  // …which starts when the visitor acts, without going back to loading.
  await user.keyboard('a');
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
  expect(firebase.started).toBe(1);
  expect(screen.getByText('nobody')).toBeInTheDocument();
  expect(screen.getByText('google:account-chooser')).toBeInTheDocument();
  act(() => fb.listener?.(fbUser({ uid: 'u', email: 'a@b.c', displayName: 'Bea', photoURL: null }) as Partial<User>));
  expect(screen.getByText('user:Bea:null')).toBeInTheDocument();
});

test('a sign-in in another tab makes this tab ask Firebase', async () => {
  writeSessionHint(null);
  renderProbe();
  expect(firebase.started).toBe(0);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: JSON.stringify(ann) }));
  });
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
});

test('register creates the account, sets the profile, refreshes the token and sets the user', async () => {
  const user = userEvent.setup();
  renderProbe();
  expect(await screen.findByText('nobody')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'register' }));

  expect(await screen.findByText('user:Ann:https://x/a.png')).toBeInTheDocument();
  expect(calls).toEqual(['create', 'profile', 'reload', 'token:true']);
  expect(readSessionHint()).toMatchObject({ email: 'ann@example.com', displayName: 'Ann' });

  await user.click(screen.getByRole('button', { name: 'logout' }));
  expect(await screen.findByText('nobody')).toBeInTheDocument();
  expect(calls.at(-1)).toBe('signOut');
  expect(readSessionHint()).toBeNull();
});

test('useAuth outside the provider explains itself', () => {
  expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>.');
});
