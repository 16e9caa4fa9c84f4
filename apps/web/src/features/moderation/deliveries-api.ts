import type { DeliveryCounts } from '@jamii/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** `GET /api/admin/notification-deliveries`: the delivery log counted per channel and state. */
export const useDeliveryCounts = () =>
  useQuery({
    queryKey: ['admin', 'deliveries'] as const,
    queryFn: ({ signal }) => apiFetch<DeliveryCounts>('/api/admin/notification-deliveries', { signal }),
  });
