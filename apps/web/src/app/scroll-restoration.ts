import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Location, NavigationType } from 'react-router';

/** The address whose screens are on show (app/route-tree.tsx), and how the reader got there. */
export interface ShownAddress {
  location: Location;
  navigationType: NavigationType;
}

const STORAGE_KEY = 'jamii:scroll-positions';
/**
 * A history entry's key, with its address: a page opened from the address bar or a link from outside
 * has the same key as any other first entry ('default'), and must not take the last one's position.
 */
export const entryKey = (location: Location) => `${location.key} ${location.pathname}${location.search}`;

/** Entries remembered: the oldest are dropped (sessionStorage is small). */
const MAX_ENTRIES = 50;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/**
 * The data router's scroll restoration, for the declarative router the app uses (app/route-tree.tsx):
 * Back and Forward return to where the reader was on that page, a reload too; a new page opens at
 * its top, or at the element its `#hash` names. Positions are kept per history entry, as the reader
 * scrolls, and in sessionStorage when the page is hidden.
 */
export function useScrollRestoration(shown: ShownAddress | null): void {
  const positions = useRef<Map<string, number> | null>(null);
  // The entry the reader is scrolling: moved to the new one before it is scrolled into place.
  const currentKey = useRef(shown && entryKey(shown.location));

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (currentKey.current) positions.current?.set(currentKey.current, window.scrollY);
    };
    const persist = () => {
      const entries = [...(positions.current ?? [])].slice(-MAX_ENTRIES);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Storage full or refused: positions are only lost on reload.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  const location = shown?.location;
  const navigationType = shown?.navigationType;
  useLayoutEffect(() => {
    if (!location) return;
    positions.current ??= readSaved();
    currentKey.current = entryKey(location);
    const saved = positions.current.get(currentKey.current);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}
