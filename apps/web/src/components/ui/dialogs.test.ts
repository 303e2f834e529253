import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { confirmDialog } from './dialogs';

/* The real SweetAlert2 (loaded on first use, as in the app), drawn into jsdom. */

test('a dangerous confirmation has a red confirm button; an ordinary one the primary colour', async () => {
  const user = userEvent.setup();
  const danger = confirmDialog({ title: 'Delete “Desk Lamp”?', confirmText: 'Delete', danger: true });
  const deleteButton = await screen.findByRole('button', { name: 'Delete' });
  expect(deleteButton).toHaveClass('btn', 'btn-error');
  expect(deleteButton).not.toHaveClass('btn-primary');
  await user.click(deleteButton);
  await expect(danger).resolves.toBe(true);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument());

  const plain = confirmDialog({ title: 'Continue?', confirmText: 'Yes' });
  const yes = await screen.findByRole('button', { name: 'Yes' });
  expect(yes).toHaveClass('btn', 'btn-primary');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await expect(plain).resolves.toBe(false);
});
