import type { Location } from 'react-router';

/** What the login guard hands to /login: the page the member wanted (the specified screens Login guard). */
export interface LoginRedirectState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

function isRedirectState(state: unknown): state is LoginRedirectState {
  if (typeof state !== 'object' || state === null) return false;
  const from = (state as { from?: unknown }).from;
  return typeof from === 'object' && from !== null && typeof (from as Location).pathname === 'string';
}

/** Where to go after logging in: the guarded page the member came from, else `fallback`. */
export function redirectTarget(state: unknown, fallback: string): string {
  if (!isRedirectState(state)) return fallback;
  const { pathname, search = '', hash = '' } = state.from;
  // Only paths of this app: never a protocol-relative URL smuggled into history state.
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  return `${pathname}${search}${hash}`;
}
