import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderRoute } from '@/test/render';
import { Footer } from './footer';

test('the contact form is reachable from the footer’s Contact Us', async () => {
  const { user, router } = renderRoute(<Footer />, { path: '/' });
  const contact = within(screen.getByRole('region', { name: 'Contact Us' }));
  const link = contact.getByRole('link', { name: 'Send us a message' });
  expect(link).toHaveAttribute('href', '/contact');
  await user.click(link);
  expect(router.state.location.pathname).toBe('/contact');
});
