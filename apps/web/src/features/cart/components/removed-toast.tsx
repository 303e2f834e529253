import toast, { type Toast } from 'react-hot-toast';

type RemovedToastProps = { toast: Toast; onUndo: () => void };

/** 'Removed from cart' with an Undo button that lasts as long as the toast. */
export function RemovedToast({ toast: shown, onUndo }: RemovedToastProps) {
  return (
    <span className="flex items-center gap-3">
      <span>Removed from cart</span>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-xs"
        onClick={() => {
          toast.dismiss(shown.id);
          onUndo();
        }}
      >
        Undo
      </button>
    </span>
  );
}
