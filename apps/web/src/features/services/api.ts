import type { ServiceDto, ServiceInputValues, ServicePatchInputValues } from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { cursorPages } from '../../lib/pages';

export const SERVICES_PAGE_SIZE = 20;

export const serviceKeys = { all: ['services'] as const, list: ['services', 'list'] as const };

/** `GET /api/services`: services offered, newest first. */
export function useServicesList() {
  return useInfiniteQuery({
    queryKey: serviceKeys.list,
    ...cursorPages<ServiceDto>('/api/services', { limit: SERVICES_PAGE_SIZE }),
  });
}

/** `POST /api/services`; the list is loaded afresh. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ServiceInputValues) =>
      apiFetch<ServiceDto>('/api/services', { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** `PATCH /api/services/{id}` (the provider); the list is loaded afresh. */
export function useUpdateService(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ServicePatchInputValues) =>
      apiFetch<ServiceDto>(`/api/services/${id}`, { method: 'PATCH', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}

/** `DELETE /api/services/{id}` (the provider or an admin); the list is loaded afresh. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/services/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
