import type {
  ApplicationDto,
  ApplicationStatus,
  JobApplicantDto,
  JobApplicationDto,
  MyApplicationDto,
} from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, getStoredToken } from '../../lib/api';
import { t } from '../../lib/i18n';
import { cursorPages, updatePagedItems, type PagedList } from '../../lib/pages';

export const APPLICATIONS_PAGE_SIZE = 20;

export const applicationKeys = {
  all: ['applications'] as const,
  mine: ['applications', 'mine'] as const,
  forJob: (jobId: number, status: ApplicationStatus | '') => ['applications', 'job', jobId, status] as const,
};

/** Jobs are cached by the jobs feature under this key; an application changes what they show. */
const JOBS_KEY = ['jobs'] as const;

/** `GET /api/applications/me`: mine, newest first, a page at a time. */
export function useMyApplications() {
  return useInfiniteQuery({
    queryKey: applicationKeys.mine,
    ...cursorPages<MyApplicationDto>('/api/applications/me', { limit: APPLICATIONS_PAGE_SIZE }),
  });
}

/** `GET /api/jobs/{id}/applications?status=` (the poster and admins). */
export function useJobApplications(jobId: number, status: ApplicationStatus | '') {
  return useInfiniteQuery({
    queryKey: applicationKeys.forJob(jobId, status),
    ...cursorPages<JobApplicantDto>(`/api/jobs/${jobId}/applications`, {
      limit: APPLICATIONS_PAGE_SIZE,
      status: status || undefined,
    }),
  });
}

/**
 * `POST /api/jobs/{id}/apply`: JSON without a CV, a multipart form with one. The job is loaded
 * afresh everywhere it shows (applied, the applicant count, my status).
 */
export function useApply(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, cv }: { message: string; cv: File | null }) => {
      let body: FormData | { message: string } = { message };
      if (cv) {
        const form = new FormData();
        form.append('message', message);
        form.append('cv', cv);
        body = form;
      }
      return apiFetch<JobApplicationDto>(`/api/jobs/${jobId}/apply`, { method: 'POST', body });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.mine });
    },
  });
}

/** `PATCH /api/applications/{id}`: the poster's status, or the applicant's withdrawal. */
export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ApplicationStatus }) =>
      apiFetch<ApplicationDto>(`/api/applications/${id}`, { method: 'PATCH', body: { status } }),
    onSuccess: (answer) => {
      queryClient.setQueriesData<PagedList<ApplicationDto>>({ queryKey: applicationKeys.all }, (data) =>
        updatePagedItems(
          data,
          (item) => item.id === answer.id,
          (item) => ({ ...item, status: answer.status, status_changed_at: answer.status_changed_at }),
        ),
      );
      // A filtered list may no longer hold it; the job's "my status" changed too.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
  });
}

/**
 * `GET /api/applications/{id}/cv` needs the member's token, which a plain link does not carry: the
 * PDF is fetched and handed to the browser as a download named cv.pdf.
 */
export async function downloadCv(id: number): Promise<void> {
  const token = getStoredToken();
  const response = await fetch(`/api/applications/${id}/cv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok)
    throw new ApiError(response.status, `HTTP_${response.status}`, t('applications.downloadFailed'));
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cv.pdf';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
