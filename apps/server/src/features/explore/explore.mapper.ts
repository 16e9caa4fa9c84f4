import { topicTexts, webPaths, type HiringDto, type TopicDto } from '@jamii/shared';
import type { HiringRow, TopicRow } from './explore.repo';

export function toTopicDto(row: TopicRow): TopicDto {
  return {
    tag: row.tag,
    ...topicTexts(row.tag, row.posts, row.recent_posts),
    posts: row.posts,
    recent_posts: row.recent_posts,
  };
}

export function toHiringDto(row: HiringRow): HiringDto {
  return {
    job_id: row.id,
    company: row.company,
    role: row.title,
    location: row.location,
    link: webPaths.jobDetails(row.id),
  };
}
