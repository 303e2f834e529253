import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { LIST_LIMITS } from '@b2b/shared';
import { promptDialog, showAlert } from '@/components/ui/dialogs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useCreateList, type NewList } from '../api/create-list';

type Source = { from: 'cart' } | { from: 'order'; orderId: string };

/** "Save cart as list" / "Save as list": asks for a name, saves, and offers the way to the new list. */
export function SaveAsList({ source, label, suggestedName }: { source: Source; label: string; suggestedName: string }) {
  const create = useCreateList();
  const navigate = useNavigate();

  const save = async () => {
    const name = await promptDialog({
      title: label,
      inputLabel: 'List name',
      placeholder: suggestedName,
      maxLength: LIST_LIMITS.name,
      confirmText: 'Save list',
    });
    if (name === null) return;
    try {
      const list = await create.mutateAsync({ ...source, name } as NewList);
      toast.success(
        (shown) => (
          <span>
            Saved as “{list.name}”.{' '}
            <button
              type="button"
              className="link link-primary"
              onClick={() => {
                toast.dismiss(shown.id);
                void navigate(paths.list(list._id));
              }}
            >
              Open the list
            </button>
          </span>
        ),
        { duration: 6000 },
      );
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The list was not saved', text: errorMessage(error) });
    }
  };

  return (
    <button
      type="button"
      className="btn btn-outline btn-primary"
      disabled={create.isPending}
      onClick={() => void save()}
    >
      {create.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}
