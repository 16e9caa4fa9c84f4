import type { JobAlert, JobAlertInputValues } from '@jamii/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';

export const jobAlertKeys = {
  mine: (userId: number) => ['job-alerts', userId] as const,
};

const useMemberId = () => useAuth().user?.id ?? 0;

/** `GET /api/job-alerts`: my saved searches (at most 10), newest first. */
export function useJobAlerts() {
  const userId = useMemberId();
  return useQuery({
    queryKey: jobAlertKeys.mine(userId),
    queryFn: ({ signal }) => apiFetch<JobAlert[]>('/api/job-alerts', { signal }),
    enabled: userId > 0,
  });
}

/**
 * `POST /api/job-alerts`. `key` is the form's Idempotency-Key, the same for every try of one form:
 * a second tap or a retry after a lost answer saves one alert, not two.
 */
export function useCreateJobAlert() {
  const queryClient = useQueryClient();
  const userId = useMemberId();
  return useMutation({
    mutationFn: ({ values, key }: { values: JobAlertInputValues; key: string }) =>
      apiFetch<JobAlert>('/api/job-alerts', { method: 'POST', body: values, idempotencyKey: key }),
    onSuccess: (alert) => {
      queryClient.setQueryData<JobAlert[]>(jobAlertKeys.mine(userId), (list) =>
        list ? [alert, ...list.filter((a) => a.id !== alert.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: jobAlertKeys.mine(userId) });
    },
  });
}

/** `DELETE /api/job-alerts/{id}`: the alert leaves my list. */
export function useDeleteJobAlert() {
  const queryClient = useQueryClient();
  const userId = useMemberId();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/job-alerts/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<JobAlert[]>(jobAlertKeys.mine(userId), (list) =>
        list?.filter((a) => a.id !== id),
      );
    },
  });
}
