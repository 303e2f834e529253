import toast from 'react-hot-toast';
import { LIST_LIMITS, TOAST_MS } from '@b2b/shared';
import { confirmDialog, promptDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useDeleteList, useRenameList } from '@/features/lists/api/update-list';

/**
 * Rename (asked for in a dialog) and delete (confirmed first) of one saved list, with their
 * errors said in a dialog: the same on the lists page and on a list's own page, which then
 * leaves for the lists (`afterDelete`).
 */
export function useListActions(list: { _id: string; name: string }, afterDelete?: () => void) {
  const rename = useRenameList();
  const remove = useDeleteList();

  const onRename = async () => {
    const name = await promptDialog({
      title: `Rename “${list.name}”`,
      inputLabel: 'List name',
      placeholder: list.name,
      maxLength: LIST_LIMITS.name,
      confirmText: 'Rename',
    });
    if (name === null || name === list.name) return;
    try {
      await rename.mutateAsync({ id: list._id, name });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The list was not renamed', text: errorMessage(error) });
    }
  };

  const onDelete = async () => {
    const ok = await confirmDialog({
      title: `Delete “${list.name}”?`,
      text: 'The list and its lines are deleted; your cart and orders stay as they are.',
      confirmText: 'Delete list',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(list._id);
      toast.success(`List “${list.name}” deleted.`, { duration: TOAST_MS });
      afterDelete?.();
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The list was not deleted', text: errorMessage(error) });
    }
  };

  return { onRename, onDelete, renaming: rename.isPending, deleting: remove.isPending };
}
