import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint (styles.css `--breakpoint-md`): from here on the layout is the wide one. */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

/** Whether a CSS media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Whether the wide layout shows (what `md:` classes apply to). */
export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}

/** Tailwind's `lg` breakpoint: room for the side panels beside the page. */
export const SIDE_PANELS_QUERY = '(min-width: 64rem)';
