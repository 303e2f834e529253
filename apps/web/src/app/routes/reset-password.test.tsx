import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { AccountError, checkPasswordResetCode, resetPassword } from '@/lib/account';
import type * as AccountModule from '@/lib/account';
import { renderRoute } from '@/test/render';
import ResetPasswordRoute from './reset-password';

vi.mock('@/lib/account', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountModule>()),
  checkPasswordResetCode: vi.fn(),
  resetPassword: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(checkPasswordResetCode).mockReset().mockResolvedValue('ann@example.com');
  vi.mocked(resetPassword).mockReset().mockResolvedValue();
});

const LINK = '/reset-password?mode=resetPassword&oobCode=code-123&apiKey=fake&lang=en';
const renderReset = (url = LINK) => renderRoute(<ResetPasswordRoute />, { path: '/reset-password', url });

async function submit(user: ReturnType<typeof renderReset>['user'], password: string, confirmation = password) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

test('the link’s code is checked, the new password set, and the way to log in shown', async () => {
  const { user } = renderReset();
  expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  expect(document.title).toBe('Reset Password | B2B Wholesale Platform');
  expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
  expect(checkPasswordResetCode).toHaveBeenCalledWith('code-123');

  await submit(user, 'Brand#New2026');

  expect(resetPassword).toHaveBeenCalledWith('code-123', 'Brand#New2026');
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Your password has been changed. Log in with your new password.',
  );
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

test.each([
  ['Ab1!', 'Password must be at least 8 characters long.'],
  ['abcdefg1!', 'Password must contain at least one uppercase letter.'],
  ['Abcdefgh!', 'Password must contain at least one number.'],
  ['Abcdefgh1', 'Password must contain at least one special character.'],
])('Register’s rules apply: %s is refused with "%s"', async (password, message) => {
  const { user } = renderReset();
  await submit(user, password);
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(resetPassword).not.toHaveBeenCalled();
});

test('the confirmation must match', async () => {
  const { user } = renderReset();
  await submit(user, 'Brand#New2026', 'Brand#New2025');
  expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords do not match.');
  expect(resetPassword).not.toHaveBeenCalled();
});

test('a used or expired link says so and leads back to the login page', async () => {
  vi.mocked(checkPasswordResetCode).mockRejectedValue(
    new AccountError('auth/invalid-action-code', 'This reset link is not valid: it may have been used already.'),
  );
  renderReset();
  expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is not valid');
  expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
});

test.each(['/reset-password', '/reset-password?mode=verifyEmail&oobCode=code-123'])(
  '%s has no reset code to use',
  async (url) => {
    renderReset(url);
    expect(await screen.findByRole('alert')).toHaveTextContent('this address has no reset code');
    expect(checkPasswordResetCode).not.toHaveBeenCalled();
  },
);

test('a failure while setting the password is shown and the form stays', async () => {
  vi.mocked(resetPassword).mockRejectedValue(
    new AccountError('auth/expired-action-code', 'This reset link has expired. Ask for a new one from the login page.'),
  );
  const { user } = renderReset();
  await submit(user, 'Brand#New2026');
  const form = screen.getByRole('form', { name: 'Set a new password' });
  expect(await within(form).findByRole('alert')).toHaveTextContent('This reset link has expired.');
  expect(within(form).getByRole('button', { name: 'Set new password' })).toBeEnabled();
});
