/** Renders as on a screen this many CSS pixels wide (the media queries of `test-setup.ts` follow it). */
export function setScreenWidth(width: number): void {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

/** jsdom's own width, the wide layout. */
export const DEFAULT_SCREEN_WIDTH = 1024;
