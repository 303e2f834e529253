import { useCallback, useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
const NARROW = '(max-width: 639.98px)';
/** From Tailwind's `lg` breakpoint: room for a side panel beside a list. */
const WIDE = '(min-width: 1024px)';

/** Whether a media query matches, following rotation and resizing. */
function useMediaQuery(media: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const query = window.matchMedia(media);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(media).matches,
    () => false,
  );
}

/** Whether the screen is phone-narrow. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW);
}

/** Whether the screen is wide enough for the filter panel beside the list (a laptop and up). */
export function useWideScreen(): boolean {
  return useMediaQuery(WIDE);
}
