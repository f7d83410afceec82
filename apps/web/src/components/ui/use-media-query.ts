import { useSyncExternalStore } from 'react';

/** True while the media query matches (follows resizes and rotations). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below Tailwind's `sm` breakpoint (640 px): lists show cards, filters fold behind "Filtros". */
export const useIsPhone = () => useMediaQuery('(max-width: 639.98px)');
