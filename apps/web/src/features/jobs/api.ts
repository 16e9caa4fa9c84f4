import {
  ADMIN_JOB_LIST,
  ErrorCode,
  type JobApplicationDto,
  type JobDetailDto,
  type JobDto,
  type JobFilterOptions,
  type JobInputValues,
  type JobPatchInputValues,
  type JobStatus,
  type SavedJobAnswer,
} from '@jamii/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api';
import { createOrKeep } from '../../lib/offline/outbox';
import { useCursorList, isPagedList, updatePagedItems } from '../../lib/pages';
import { withQuery } from '../../lib/with-query';

export const JOBS_PAGE_SIZE = 10;

/** The Jobs Feed's filters: sent to the server, never filtered here. */
export interface JobFilters {
  search?: string;
  type?: string;
  location?: string;
  company?: string;
  /** One of Kenya's 47 counties: jobs whose location names it or one of its towns (docs/features/phones-and-places.md). */
  county?: string;
  user_id?: number;
}

export const jobKeys = {
  all: ['jobs'] as const,
  lists: ['jobs', 'list'] as const,
  list: (filters: JobFilters = {}) => ['jobs', 'list', filters] as const,
  filters: ['jobs', 'filters'] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  saved: ['jobs', 'saved'] as const,
  admin: ['jobs', 'admin'] as const,
};

/** `GET /api/jobs` with filters, newest first, a page at a time (public). */
export function useJobsList(filters: JobFilters = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useCursorList<JobDto>(
    jobKeys.list(filters),
    '/api/jobs',
    { limit: JOBS_PAGE_SIZE, ...filters },
    { enabled, keepPrevious: true },
  );
}

/** `GET /api/jobs/filters`: the dropdowns' options (distinct non-empty values). */
export function useJobFilterOptions() {
  return useQuery({
    queryKey: jobKeys.filters,
    queryFn: ({ signal }) => apiFetch<JobFilterOptions>('/api/jobs/filters', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/jobs/{id}`: one job; with its applicants when the poster asks. */
export function useJob(id: number) {
  return useQuery({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<JobDetailDto>(`/api/jobs/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** `GET /api/jobs/saved`: the member's saved jobs, latest saved first. */
export function useSavedJobs() {
  return useCursorList<JobDto>(jobKeys.saved, '/api/jobs/saved', { limit: JOBS_PAGE_SIZE });
}

/** Manage Jobs (admin): `GET /api/jobs/explore?limit=100&offset=0`. */
export function useAdminJobs() {
  return useQuery({
    queryKey: jobKeys.admin,
    queryFn: ({ signal }) => apiFetch<JobDto[]>(withQuery('/api/jobs/explore', ADMIN_JOB_LIST), { signal }),
  });
}

/** Changes one job (or removes it, when `update` answers null) wherever it is cached. */
export function patchJob(queryClient: QueryClient, id: number, update: (job: JobDto) => JobDto | null) {
  queryClient.setQueriesData<unknown>({ queryKey: jobKeys.all }, (data: unknown) => {
    if (isPagedList<JobDto>(data)) return updatePagedItems(data, (job) => job.id === id, update);
    if (Array.isArray(data)) {
      return (data as JobDto[]).flatMap((job) => {
        if (job.id !== id) return [job];
        const next = update(job);
        return next ? [next] : [];
      });
    }
    if (typeof data === 'object' && data !== null && (data as JobDto).id === id && 'title' in data) {
      const job = data as JobDetailDto;
      const next = update(job);
      return next ? { ...job, ...next } : undefined;
    }
    return data;
  });
}

/**
 * `POST /api/jobs`; every job list is loaded afresh so the new job shows where it belongs. Offline
 * the job is kept on the phone and sent when the connection returns (lib/offline/outbox).
 */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: JobInputValues) => createOrKeep<JobDto>('job', '/api/jobs', values, values.title),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.lists });
      void queryClient.invalidateQueries({ queryKey: jobKeys.filters });
    },
  });
}

/** `PATCH /api/jobs/{id}` (the poster): the lists and the details are loaded afresh. */
export function useUpdateJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: JobPatchInputValues) =>
      apiFetch<JobDto>(`/api/jobs/${id}`, { method: 'PATCH', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** `PATCH /api/jobs/{id}` `{status}`: the poster closes the job, or reopens it (docs/design.md#job-applications). */
export function useSetJobStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: JobStatus) =>
      apiFetch<JobDto>(`/api/jobs/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** `DELETE /api/jobs/{id}` (the poster or an admin); the job leaves every cached list. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/jobs/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      patchJob(queryClient, id, () => null);
      queryClient.removeQueries({ queryKey: jobKeys.detail(id) });
    },
  });
}

/**
 * `POST /api/jobs/{id}/apply`: once per member. An earlier application (409 ALREADY_APPLIED) counts
 * as applied too.
 */
export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        return await apiFetch<JobApplicationDto>(`/api/jobs/${id}/apply`, {
          method: 'POST',
          body: { message: '' },
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === ErrorCode.ALREADY_APPLIED) return null;
        throw error;
      }
    },
    onSuccess: (application, id) => {
      patchJob(queryClient, id, (job) =>
        job.applied_by_me
          ? job
          : { ...job, applied_by_me: true, applicants_count: job.applicants_count + (application ? 1 : 0) },
      );
    },
  });
}

/** `POST`/`DELETE /api/jobs/{id}/save`; the saved list is loaded afresh. */
export function useToggleSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: boolean }) =>
      apiFetch<SavedJobAnswer>(`/api/jobs/${id}/save`, { method: save ? 'POST' : 'DELETE' }),
    onSuccess: ({ saved }, { id }) => {
      patchJob(queryClient, id, (job) => ({ ...job, saved_by_me: saved }));
      void queryClient.invalidateQueries({ queryKey: jobKeys.saved });
    },
  });
}
