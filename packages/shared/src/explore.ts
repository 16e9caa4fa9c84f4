import { z } from 'zod';
import { SEARCH_MAX } from './constants';

/** SPEC §3 Topic: a hashtag used in posts, with how often. */
export interface TopicDto {
  tag: string;
  title: string;
  description: string;
  posts: number;
  recent_posts: number;
}

/** SPEC §3 Hiring post: a company with an open job, linking to the job. */
export interface HiringDto {
  job_id: number;
  company: string;
  role: string;
  location: string;
  link: string;
}

export const ExploreQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** SPEC §3 Topic texts, built from its counts: `#harambee` and `6 posts, 2 this week`. */
export function topicTexts(tag: string, posts: number, recentPosts: number) {
  const count = `${posts} ${posts === 1 ? 'post' : 'posts'}`;
  return { title: `#${tag}`, description: recentPosts ? `${count}, ${recentPosts} this week` : count };
}
