import { isWebRoute, webPaths } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from './paths';

describe('paths', () => {
  it('puts the reset token in the path and the query string', () => {
    expect(paths.resetPassword('a1b2')).toBe('/reset-password/a1b2?token=a1b2');
  });

  it('builds the search, profile, person and quick-create links', () => {
    expect(paths.explore()).toBe('/explore');
    expect(paths.explore('mama mboga & sons')).toBe('/explore?search=mama%20mboga%20%26%20sons');
    expect(paths.profile(42)).toBe('/profile/42');
    expect(paths.user('@wanjiku_k')).toBe('/user/wanjiku_k');
    expect(paths.feed()).toBe('/feed');
    expect(paths.feed('bid')).toBe('/feed?type=bid');
  });

  it('is known to the server, so every deep link answers 200 (the server’s list is in packages/shared)', () => {
    const concrete = Object.entries(routePatterns)
      .filter(([name]) => name !== 'notFound')
      .map(([, pattern]) => pattern.replace(/\/:(\w+)\?/g, '').replace(/:(\w+)/g, 'x1'));
    expect(concrete.filter((path) => !isWebRoute(path))).toEqual([]);
    for (const path of [webPaths.post(3), webPaths.user('@amina'), webPaths.bids, webPaths.conversation(4)])
      expect(isWebRoute(path), path).toBe(true);
    expect(isWebRoute(webPaths.myReviews.split('?')[0]!)).toBe(true);
  });
});
