import toast from 'react-hot-toast';
import { TOAST_MS, type SavedList } from '@b2b/shared';
import { showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { useShareList } from '../api/share-list';

/** The owner, in a company, shares the list with it or stops sharing it. */
export function ShareToggle({ list, companyName }: { list: SavedList; companyName: string }) {
  const share = useShareList();
  const onToggle = async () => {
    try {
      await share.mutateAsync({ id: list._id, shared: !list.shared });
      toast.success(list.shared ? 'The list is private again.' : `List shared with ${companyName}.`, {
        duration: TOAST_MS,
      });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The sharing was not changed', text: errorMessage(error) });
    }
  };
  return (
    <button type="button" className="btn btn-outline" disabled={share.isPending} onClick={() => void onToggle()}>
      {list.shared ? 'Stop sharing' : `Share with ${companyName}`}
    </button>
  );
}
