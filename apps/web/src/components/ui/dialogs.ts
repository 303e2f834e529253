import Swal, { type SweetAlertOptions } from 'sweetalert2';

/*
 * In-page replacements for the spec's browser alerts and confirms. SweetAlert2 supplies the
 * accessible dialog (role="dialog", aria-modal, focus trap, focus returned on close); the
 * classes below dress it in the daisyUI theme. Texts go through titleText/text, never HTML.
 */

const themed: SweetAlertOptions = {
  buttonsStyling: false,
  customClass: {
    popup: 'rounded-box! bg-base-100! text-base-content! shadow-xl',
    title: 'text-xl! font-semibold! text-base-content!',
    htmlContainer: 'text-base-content/80!',
    actions: 'gap-3',
    confirmButton: 'btn btn-primary',
    cancelButton: 'btn btn-ghost',
    timerProgressBar: 'bg-primary!',
  },
};

export type AlertIcon = 'success' | 'error' | 'warning' | 'info';

export async function showAlert(opts: {
  icon: AlertIcon;
  title: string;
  text?: string;
  timerMs?: number;
}): Promise<void> {
  await Swal.fire({
    ...themed,
    icon: opts.icon,
    titleText: opts.title,
    ...(opts.text ? { text: opts.text } : {}),
    confirmButtonText: 'OK',
    ...(opts.timerMs ? { timer: opts.timerMs, timerProgressBar: true } : {}),
  });
}

/** Resolves true when the user confirms, false on cancel, Escape or a click outside. */
export async function confirmDialog(opts: {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
}): Promise<boolean> {
  const result = await Swal.fire({
    ...themed,
    icon: 'warning',
    titleText: opts.title,
    ...(opts.text ? { text: opts.text } : {}),
    showCancelButton: true,
    confirmButtonText: opts.confirmText ?? 'Yes',
    cancelButtonText: opts.cancelText ?? 'Cancel',
    focusCancel: true,
    reverseButtons: true,
  });
  return result.isConfirmed;
}
