import type { SiteInfo } from '@jamii/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const siteInfoQueryKey = ['site'] as const;

/** `GET /api/site`: the public contact details set by the operator. */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: ({ signal }) => apiFetch<SiteInfo>('/api/site', { signal }),
    // Contact details change rarely; one request per visit is enough.
    staleTime: Infinity,
  });
}
