import { z } from 'zod';
import { SEARCH_MAX } from './constants';
import { numberInput } from './input';
import { CountyFilter } from './county-filter';

/** the specified fields Topic: a hashtag used in posts, with how often. */
export const TopicSchema = z.object({
  tag: z.string(),
  title: z.string(),
  description: z.string(),
  posts: z.number(),
  recent_posts: z.number(),
});
export type TopicDto = z.infer<typeof TopicSchema>;

/** the specified fields Hiring post: a company with an open job, linking to the job. */
export const HiringSchema = z.object({
  job_id: z.number(),
  company: z.string(),
  role: z.string(),
  location: z.string(),
  link: z.string(),
});
export type HiringDto = z.infer<typeof HiringSchema>;

export const ExploreQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX).optional(),
  limit: numberInput(z.number().int().min(1).max(50)).default(20),
});

/** Hiring on Discover may be narrowed to a county (docs/features/phones-and-places.md), as the other Discover lists. */
export const HiringQuery = ExploreQuery.extend({ county: CountyFilter });

/** the specified fields Topic texts, built from its counts: `#harambee` and `6 posts, 2 this week`. */
export function topicTexts(tag: string, posts: number, recentPosts: number) {
  const count = `${posts} ${posts === 1 ? 'post' : 'posts'}`;
  return { title: `#${tag}`, description: recentPosts ? `${count}, ${recentPosts} this week` : count };
}
