import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has <video> without playback: call at the top level of a test file whose screens hold
 * players, so each test's play() resolves and pause() does nothing; undone after the test.
 */
export function stubMediaPlaybackForEachTest(): void {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
}
