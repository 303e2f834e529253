import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, expect, test, vi } from 'vitest';

const calls: string[] = [];
const fb = vi.hoisted(() => ({
  listener: null as ((user: unknown) => void) | null,
  currentUser: null as unknown,
}));

vi.mock('@/lib/firebase', () => ({
  getFirebase: vi.fn(async () => ({
    auth: {
      get currentUser() {
        return fb.currentUser;
      },
    },
    config: { firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: 'http://127.0.0.1:9099' },
  })),
}));

vi.mock('firebase/auth', () => ({
  onAuthStateChanged: vi.fn((_auth: unknown, listener: (user: unknown) => void) => {
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

const { AuthProvider, useAuth } = await import('./auth');

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
    </div>
  );
}

beforeEach(() => {
  calls.length = 0;
  fb.listener = null;
  fb.currentUser = null;
});

test('loading lasts until Firebase reports the first auth state', async () => {
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

  act(() => fb.listener?.({ uid: 'u', email: 'a@b.c', displayName: 'Bea', photoURL: null } as Partial<User>));
  expect(screen.getByText('user:Bea:null')).toBeInTheDocument();
});

test('register creates the account, sets the profile, refreshes the token and sets the user', async () => {
  const user = userEvent.setup();
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
  await vi.waitFor(() => expect(fb.listener).not.toBeNull());
  act(() => fb.listener?.(null));

  await user.click(screen.getByRole('button', { name: 'register' }));

  expect(await screen.findByText('user:Ann:https://x/a.png')).toBeInTheDocument();
  expect(calls).toEqual(['create', 'profile', 'reload', 'token:true']);

  await user.click(screen.getByRole('button', { name: 'logout' }));
  expect(await screen.findByText('nobody')).toBeInTheDocument();
  expect(calls.at(-1)).toBe('signOut');
});

test('useAuth outside the provider explains itself', () => {
  expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>.');
});
