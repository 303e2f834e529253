import type { SweetAlertOptions } from 'sweetalert2';

/*
 * In-page replacements for the spec's browser alerts and confirms. SweetAlert2 supplies the
 * accessible dialog (role="dialog", aria-modal, focus trap, focus returned on close); the
 * classes below dress it in the daisyUI theme. Texts go through titleText/text, never HTML.
 * SweetAlert2 is loaded with the first dialog: no page needs it to be drawn.
 */

const loadSwal = () => import('sweetalert2').then((module) => module.default);

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
  const Swal = await loadSwal();
  await Swal.fire({
    ...themed,
    icon: opts.icon,
    titleText: opts.title,
    ...(opts.text ? { text: opts.text } : {}),
    confirmButtonText: 'OK',
    ...(opts.timerMs ? { timer: opts.timerMs, timerProgressBar: true } : {}),
  });
}

/**
 * Resolves true when the user confirms, false on cancel, Escape or a click outside. `danger`
 * is for what cannot be undone (deleting, cancelling): the confirm button is red, and the
 * title or text should name the thing it destroys.
 */
export async function confirmDialog(opts: {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  danger?: boolean;
  /** false when the caller moves the focus itself afterwards (by default it returns to where it was). */
  returnFocus?: boolean;
}): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...themed,
    ...(opts.danger ? { customClass: { ...themed.customClass, confirmButton: 'btn btn-error' } } : {}),
    icon: 'warning',
    titleText: opts.title,
    ...(opts.text ? { text: opts.text } : {}),
    showCancelButton: true,
    confirmButtonText: opts.confirmText ?? 'Yes',
    cancelButtonText: opts.cancelText ?? 'Cancel',
    focusCancel: true,
    reverseButtons: true,
    returnFocus: opts.returnFocus ?? true,
  });
  return result.isConfirmed;
}

/**
 * Asks for one line of text (e.g. a tracking reference). Resolves the trimmed text, which may
 * be empty when `optional`, or null when the user cancels.
 */
export async function promptDialog(opts: {
  title: string;
  text?: string;
  inputLabel: string;
  placeholder?: string;
  maxLength?: number;
  optional?: boolean;
  confirmText?: string;
  cancelText?: string;
}): Promise<string | null> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...themed,
    customClass: { ...themed.customClass, input: 'input w-auto! mx-6!', inputLabel: 'text-sm! font-medium!' },
    icon: 'question',
    titleText: opts.title,
    ...(opts.text ? { text: opts.text } : {}),
    input: 'text',
    inputLabel: opts.inputLabel,
    ...(opts.placeholder ? { inputPlaceholder: opts.placeholder } : {}),
    ...(opts.maxLength ? { inputAttributes: { maxlength: String(opts.maxLength) } } : {}),
    inputValidator: (value) => (opts.optional || value.trim() ? null : `${opts.inputLabel} is required.`),
    showCancelButton: true,
    confirmButtonText: opts.confirmText ?? 'OK',
    cancelButtonText: opts.cancelText ?? 'Cancel',
    reverseButtons: true,
  });
  return result.isConfirmed ? String(result.value ?? '').trim() : null;
}
