import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import RegisterRoute from './register';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));

beforeEach(() => fakeAuth.reset());

function renderRegister() {
  return renderRoute(<RegisterRoute />, { path: '/register' });
}

async function fillForm(
  user: ReturnType<typeof renderRegister>['user'],
  password: string,
  photo = 'https://example.com/ann.png',
) {
  await user.type(screen.getByLabelText('Name'), 'Ann Buyer');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Photo URL'), photo);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

test('shows the four fields, all required, and the way to log in', () => {
  renderRegister();
  for (const label of ['Name', 'Email', 'Photo URL', 'Password']) expect(screen.getByLabelText(label)).toBeRequired();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

test.each([
  ['Ab1!', 'Password must be at least 8 characters long.'],
  ['abcdefg1!', 'Password must contain at least one uppercase letter.'],
  ['Abcdefgh!', 'Password must contain at least one number.'],
  ['Abcdefgh1', 'Password must contain at least one special character.'],
])('password %s is refused with "%s" and nothing is sent', async (password, message) => {
  const { user, router } = renderRegister();

  await fillForm(user, password);

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(message)).toBeInTheDocument();
  expect(fakeAuth.actions.register).not.toHaveBeenCalled();
  expect(router.state.location.pathname).toBe('/register');
});

test('a good password registers, toasts and goes home', async () => {
  const { user, router } = renderRegister();

  await fillForm(user, 'Abcdefg1!');

  expect(fakeAuth.actions.register).toHaveBeenCalledWith({
    name: 'Ann Buyer',
    email: 'ann@example.com',
    photoURL: 'https://example.com/ann.png',
    password: 'Abcdefg1!',
  });
  expect(await screen.findByText('Your profile updated successfully')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('the photo follows the product images’ URL rule: a path on this site is fine', async () => {
  const { user, router } = renderRegister();
  // Not type="url": the browser would refuse a site path, which product images accept.
  expect(screen.getByLabelText('Photo URL')).toHaveAttribute('type', 'text');

  await fillForm(user, 'Abcdefg1!', '/images/avatars/default.svg');

  expect(fakeAuth.actions.register).toHaveBeenCalledWith(
    expect.objectContaining({ photoURL: '/images/avatars/default.svg' }),
  );
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
});

test.each(['http://example.com/ann.png', '//evil.example/ann.png', 'javascript:alert(1)'])(
  'the photo %s is refused like a product image, and nothing is sent',
  async (photo) => {
    const { user, router } = renderRegister();

    await fillForm(user, 'Abcdefg1!', photo);

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Photo URL must be an https URL or a path on this site starting with /.'),
    ).toBeInTheDocument();
    expect(fakeAuth.actions.register).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/register');
  },
);

test('a provider error is shown as a sentence and the user stays', async () => {
  const { user, router } = renderRegister();
  fakeAuth.actions.register.mockRejectedValue(
    Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }),
  );

  await fillForm(user, 'Abcdefg1!');

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Registration failed')).toBeInTheDocument();
  expect(
    within(dialog).getByText('An account with this email address already exists. Try logging in instead.'),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/register');
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(await screen.findByRole('button', { name: 'Register' })).toBeEnabled();
});

test('Google sign-in from the register screen alerts and goes home', async () => {
  const { user, router } = renderRegister();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));

  expect(fakeAuth.actions.loginWithGoogle).toHaveBeenCalledWith(undefined);
  expect(await screen.findByText('Google sign-in successful.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('Register is disabled while a Google sign-in runs', async () => {
  fakeAuth.actions.loginWithGoogle.mockImplementation(() => new Promise(() => {}));
  const { user } = renderRegister();

  await user.click(screen.getByRole('button', { name: 'Login with Google' }));
  expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
  expect(document.title).toBe('Register | B2B Wholesale Platform');
});
