import { describe, expect, it } from 'vitest';
import { keysNamedIn } from './message-keys.mjs';

const KEYS = [
  'feed.title',
  'feed.empty',
  'jobs.form.salaryPeriod.month',
  'jobs.form.salaryPeriod.day',
  'outbox.kind.post',
  'posts.created',
  'jobs.created',
  'jobs.title',
  'settings.title',
];
const named = (code: string) => [...keysNamedIn(code, KEYS)].sort();

describe('keysNamedIn (the messages a built chunk may show)', () => {
  it('counts a key written whole, in any quotes', () => {
    expect(named(`t("feed.title"),t('jobs.title'),t(\`feed.empty\`)`)).toEqual([
      'feed.empty',
      'feed.title',
      'jobs.title',
    ]);
  });

  it('counts every key a template or a sum can build, from its head or its tail', () => {
    expect(named('t(`outbox.kind.${e.kind}`)')).toEqual(['outbox.kind.post']);
    expect(named('t("jobs.form.salaryPeriod."+p)')).toEqual([
      'jobs.form.salaryPeriod.day',
      'jobs.form.salaryPeriod.month',
    ]);
    expect(named('t(`${feature}.created`)')).toEqual(['jobs.created', 'posts.created']);
    expect(named('t(f+".created")')).toEqual(['jobs.created', 'posts.created']);
  });

  it('does not count a key from a longer string, a part of a word, or a key it only starts', () => {
    expect(named(`"feed.title.more","my feed.title",x.feed.title,"settings.title.x"`)).toEqual([]);
    // A whole key is not the head of its siblings: "jobs.title" names no other jobs.* key.
    expect(named(`t("jobs.title")`)).toEqual(['jobs.title']);
  });
});
