import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import { CART_REMOVE_TOAST_MS } from '@b2b/shared';

type RemovedToastProps = {
  toast: Toast;
  onUndo: () => void;
  /**
   * The item was removed from the keyboard: the removed item's button is gone, so focus moves to
   * Undo, where Enter brings the item back and Tab or Escape moves on.
   */
  focusUndo?: boolean;
  /** Where focus goes when the toast closes while it holds focus (the cart's heading). */
  onFocusLeave: () => void;
};

/**
 * 'Removed from cart' with an Undo button. It closes after CART_REMOVE_TOAST_MS, but not while
 * the pointer rests on it or focus is inside it: a keyboard or screen-reader user gets the time
 * they need to reach Undo (WCAG 2.2.1). Once let go, it closes CART_REMOVE_TOAST_MS later.
 * Create it with `duration: Infinity`: this component owns its timer.
 */
export function RemovedToast({ toast: shown, onUndo, focusUndo = false, onFocusLeave }: RemovedToastProps) {
  const undoRef = useRef<HTMLButtonElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (focusUndo) undoRef.current?.focus();
  }, [focusUndo]);

  useEffect(() => {
    if (hovered || focused) return;
    const timer = setTimeout(() => toast.dismiss(shown.id), CART_REMOVE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [hovered, focused, shown.id]);

  const close = () => {
    toast.dismiss(shown.id);
    // The toast is leaving with the focused button: hand focus to the page, not to <body>.
    if (focused) onFocusLeave();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    // Hover and focus only hold the timer; the button inside is what acts.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className="flex items-center gap-3"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
    >
      <span>Removed from cart</span>
      <button
        ref={undoRef}
        type="button"
        className="btn btn-outline btn-primary btn-xs"
        onClick={() => {
          close();
          onUndo();
        }}
      >
        Undo
      </button>
    </span>
  );
}
