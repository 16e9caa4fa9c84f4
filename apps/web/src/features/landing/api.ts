import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** `GET /api/site`: the public contact details set by the operator. */
export interface SiteInfo {
  contact_email: string;
  contact_phone: string;
}

export const siteInfoQueryKey = ['site'] as const;

export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: ({ signal }) => apiFetch<SiteInfo>('/api/site', { signal }),
    // Contact details change rarely; one request per visit is enough.
    staleTime: Infinity,
  });
}
