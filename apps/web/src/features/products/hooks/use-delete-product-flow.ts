import { useCallback } from 'react';
import { TOAST_MS, type Product } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useDeleteProduct } from '../api/delete-product';

/**
 * Confirm, delete, and report the outcome with the spec's messages. Resolves true when the
 * product is gone, so the caller can move on (e.g. leave its details page).
 */
export function useDeleteProductFlow() {
  const mutation = useDeleteProduct();
  const { mutateAsync } = mutation;

  const deleteWithConfirm = useCallback(
    async (product: Pick<Product, '_id' | 'name'>): Promise<boolean> => {
      const productId = product._id;
      const confirmed = await confirmDialog({
        title: 'Are you sure you want to delete this product?',
        text: `“${product.name}” will be removed from the catalogue. This cannot be undone.`,
        confirmText: 'Delete',
        cancelText: 'Cancel',
        danger: true,
      });
      if (!confirmed) return false;
      try {
        const result = await mutateAsync(productId);
        if (result.deletedCount > 0) {
          void showAlert({ icon: 'success', title: 'Product deleted successfully!', timerMs: TOAST_MS });
          return true;
        }
        await showAlert({ icon: 'error', title: 'Failed to delete the product.' });
        return false;
      } catch (error) {
        await showAlert({
          icon: 'error',
          title: 'An error occurred while deleting the product.',
          text: errorMessage(error),
        });
        return false;
      }
    },
    [mutateAsync],
  );

  return {
    deleteWithConfirm,
    /** The id being deleted, so only that row's button is disabled. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}
