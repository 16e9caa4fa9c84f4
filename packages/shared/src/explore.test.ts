import { describe, expect, it } from 'vitest';
import { topicTexts } from './explore';
import { isWebRoute, webPaths } from './routes';

describe('topicTexts', () => {
  it('names the hashtag and counts its posts, adding this week only when there were some', () => {
    expect(topicTexts('harambee', 6, 2)).toEqual({ title: '#harambee', description: '6 posts, 2 this week' });
    expect(topicTexts('matatu', 1, 0)).toEqual({ title: '#matatu', description: '1 post' });
  });
});

describe('webPaths', () => {
  it('builds paths the web app answers', () => {
    expect(webPaths.jobDetails(42)).toBe('/explore/jobs/42');
    expect(isWebRoute(webPaths.jobDetails(42))).toBe(true);
  });
});
