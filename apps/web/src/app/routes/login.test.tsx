import { act, screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { sendPasswordReset } from '@/lib/account';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import LoginRoute from './login';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/account', () => ({ sendPasswordReset: vi.fn() }));

beforeEach(() => {
  fakeAuth.reset();
  vi.mocked(sendPasswordReset).mockReset();
});

const renderLogin = () => renderRoute(<LoginRoute />, { path: '/login' });

test('shows the spec texts, fields and links', () => {
  renderLogin();

  expect(screen.getByRole('heading', { name: 'Login now!' })).toBeInTheDocument();
  expect(screen.getByText('Please fill up the form correctly to login to the website.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
  expect(screen.getByText('OR')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  expect(screen.getByText(/Don't have an account\?/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
});

test('without a remembered page, a successful login goes home', async () => {
  const { user, router } = renderLogin();

  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'whatever');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(within(await screen.findByRole('dialog')).getByText('Signed in successful.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
  expect(router.state.historyAction).toBe('REPLACE');
});

test('a wrong password is reported as a sentence and the form stays', async () => {
  fakeAuth.actions.login.mockRejectedValue(
    Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' }),
  );
  const { user, router } = renderLogin();

  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Login failed')).toBeInTheDocument();
  expect(within(dialog).getByText('The email or password is incorrect.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});

test('Forgot password? asks for the email, prefilled from the form, and sends the reset link', async () => {
  vi.mocked(sendPasswordReset).mockResolvedValue();
  const { user, router } = renderLogin();
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');

  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

  const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
  expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

  expect(sendPasswordReset).toHaveBeenCalledWith('ann@example.com');
  expect(await within(dialog).findByRole('status')).toHaveTextContent(
    'If an account exists for ann@example.com, we have sent it a link to set a new password.',
  );
  expect(router.state.location.pathname).toBe('/login');
  await user.click(within(dialog).getByRole('button', { name: 'Back to login' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a malformed email gets a validation message and nothing is sent', async () => {
  const { user } = renderLogin();
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
  const email = within(dialog).getByLabelText('Email');
  expect(email).toHaveValue('');

  await user.type(email, 'ann@example');
  await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@company.com.');
  expect(sendPasswordReset).not.toHaveBeenCalled();
});

test('a failure to send (not an unknown account) is said in the dialog', async () => {
  vi.mocked(sendPasswordReset).mockRejectedValue(
    Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), { code: 'auth/too-many-requests' }),
  );
  const { user } = renderLogin();
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
  await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Too many attempts. Please wait a moment and try again.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('with a real Firebase config, Login with Google calls the popup sign-in directly', async () => {
  fakeAuth.setGoogleMode('popup');
  const { user, router } = renderLogin();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));

  expect(fakeAuth.actions.loginWithGoogle).toHaveBeenCalledWith(undefined);
  expect(within(await screen.findByRole('dialog')).getByText('Google sign-in successful.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('with the emulator, Login with Google opens the account chooser and signs in as the chosen account', async () => {
  fakeAuth.setGoogleMode('account-chooser');
  const { user, router } = renderLogin();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));
  const chooser = screen.getByRole('dialog', { name: 'Choose an account' });
  await user.click(within(chooser).getByRole('button', { name: /Ayesha Rahman/ }));

  expect(fakeAuth.actions.loginWithGoogle).toHaveBeenCalledWith({
    sub: 'google-test-ayesha.rahman@example.com',
    email: 'ayesha.rahman@example.com',
    name: 'Ayesha Rahman',
    picture: `${window.location.origin}/images/avatars/google-1.svg`,
  });
  expect(await screen.findByText('Google sign-in successful.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('the closed account chooser draws no account pictures until it first opens', async () => {
  fakeAuth.setGoogleMode('account-chooser');
  const { user } = renderLogin();
  const button = await screen.findByRole('button', { name: 'Login with Google' });
  // Closed, the chooser is on the page without its contents, so the page fetches none of its pictures.
  expect(document.querySelector('dialog')).not.toBeNull();
  expect(document.querySelectorAll('dialog img')).toHaveLength(0);

  await user.click(button);
  const chooser = screen.getByRole('dialog', { name: 'Choose an account' });
  const drawn = chooser.querySelectorAll('img').length;
  expect(drawn).toBeGreaterThan(0);

  // Closed again, it keeps its contents, so the closing animation shows a whole box.
  await user.click(within(chooser).getByRole('button', { name: 'Cancel' }));
  expect(document.querySelector('dialog')?.open).toBe(false);
  expect(document.querySelectorAll('dialog img')).toHaveLength(drawn);
});

test('the account chooser can sign in as another account', async () => {
  fakeAuth.setGoogleMode('account-chooser');
  const { user } = renderLogin();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));
  await user.click(screen.getByRole('button', { name: 'Use another account' }));
  const chooser = screen.getByRole('dialog', { name: 'Use another account' });
  await user.type(within(chooser).getByLabelText('Name'), 'Rafi Ahmed');
  await user.type(within(chooser).getByLabelText('Email'), 'Rafi@Example.com');
  await user.click(within(chooser).getByRole('button', { name: 'Continue' }));

  expect(fakeAuth.actions.loginWithGoogle).toHaveBeenCalledWith(
    expect.objectContaining({ sub: 'google-test-rafi@example.com', email: 'Rafi@Example.com', name: 'Rafi Ahmed' }),
  );
});

test('cancelling the account chooser signs nobody in', async () => {
  fakeAuth.setGoogleMode('account-chooser');
  const { user } = renderLogin();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(fakeAuth.actions.loginWithGoogle).not.toHaveBeenCalled();
});

test('a signed-in visitor is sent on to the remembered page', () => {
  fakeAuth.signIn();
  const { router } = renderRoute(<LoginRoute />, { path: '/login' });

  expect(router.state.location.pathname).toBe('/');
});

test('Login is disabled while a Google sign-in runs, and enabled again if it fails', async () => {
  let fail: (error: unknown) => void = () => {};
  fakeAuth.actions.loginWithGoogle.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
  const { user } = renderLogin();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();

  await act(async () => fail(Object.assign(new Error('x'), { code: 'auth/popup-closed-by-user' })));
  const alert = await screen.findByRole('dialog');
  expect(within(alert).getByText('Google sign-in failed')).toBeInTheDocument();
  await user.click(within(alert).getByRole('button', { name: 'OK' }));
  expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
});
