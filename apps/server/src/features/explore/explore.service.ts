import type { ExploreQuery, HiringDto, HiringQuery, TopicDto } from '@jamii/shared';
import type { z } from 'zod';
import type { Platform } from '../../platform/context';
import { toHiringDto, toTopicDto } from './explore.mapper';
import { findHiringCompanies, findTrendingTopics } from './explore.repo';

type ExploreOptions = z.output<typeof ExploreQuery>;

// Ranked lists (trending, newest company) with a small bounded size, so they take `limit` only;
// an empty search is no search.
export function createExploreService(p: Pick<Platform, 'reader'>) {
  return {
    async trendingTopics(opts: ExploreOptions, viewerId: number | null): Promise<TopicDto[]> {
      const rows = await findTrendingTopics(await p.reader(viewerId), {
        limit: opts.limit,
        search: opts.search || undefined,
      });
      return rows.map(toTopicDto);
    },

    async hiringCompanies(opts: z.output<typeof HiringQuery>, viewerId: number | null): Promise<HiringDto[]> {
      const rows = await findHiringCompanies(await p.reader(viewerId), {
        limit: opts.limit,
        search: opts.search || undefined,
        county: opts.county,
      });
      return rows.map(toHiringDto);
    },
  };
}

export type ExploreService = ReturnType<typeof createExploreService>;
