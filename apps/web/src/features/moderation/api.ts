import type {
  AdminMember,
  AdminVerificationDto,
  AdminPaymentDto,
  PaymentDto,
  AuditEntry,
  HeldDecision,
  HeldItem,
  HeldType,
  ReportGroup,
  ResolveAction,
  ResolveAnswer,
} from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { cursorPages } from '../../lib/pages';

export const moderationKeys = {
  all: ['admin'] as const,
  reports: ['admin', 'reports'] as const,
  held: ['admin', 'held'] as const,
  members: (search: string) => ['admin', 'members', search] as const,
  audit: ['admin', 'audit'] as const,
  payments: (status: 'disputed' | 'all') => ['admin', 'payments', status] as const,
  employers: (status: 'pending' | 'all') => ['admin', 'employer-verifications', status] as const,
};

export const useReportQueue = () =>
  useInfiniteQuery({
    queryKey: moderationKeys.reports,
    ...cursorPages<ReportGroup>('/api/admin/reports', { limit: 20 }),
  });

export const useHeldItems = () =>
  useInfiniteQuery({
    queryKey: moderationKeys.held,
    ...cursorPages<HeldItem>('/api/admin/held', { limit: 20 }),
  });

export const useAdminMembers = (search: string) =>
  useInfiniteQuery({
    queryKey: moderationKeys.members(search),
    ...cursorPages<AdminMember>('/api/admin/users', { limit: 20, search: search || undefined }),
  });

export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: moderationKeys.audit,
    ...cursorPages<AuditEntry>('/api/admin/audit', { limit: 30 }),
  });

/** The deals' payments, newest first: the disputed ones (the queue) or every one. */
export const useAdminPayments = (status: 'disputed' | 'all') =>
  useInfiniteQuery({
    queryKey: moderationKeys.payments(status),
    ...cursorPages<AdminPaymentDto>('/api/admin/payments', {
      limit: 20,
      status: status === 'all' ? undefined : status,
    }),
  });

/** Every admin action changes the queue, the members or the log: all are read again. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export const useResolveReport = () =>
  useAdminMutation(({ id, action }: { id: number; action: ResolveAction }) =>
    apiFetch<ResolveAnswer>(`/api/admin/reports/${id}/resolve`, { method: 'POST', body: { action } }),
  );

export const useDecideHeld = () =>
  useAdminMutation(({ type, id, approve }: { type: HeldType; id: number; approve: boolean }) =>
    apiFetch<HeldDecision>(`/api/admin/held/${type}/${id}/${approve ? 'approve' : 'reject'}`, {
      method: 'POST',
    }),
  );

const memberPath = (username: string) => `/api/admin/users/${encodeURIComponent(username.replace(/^@/, ''))}`;

export const useSuspendMember = () =>
  useAdminMutation(({ username, reason }: { username: string; reason: string }) =>
    apiFetch<AdminMember>(`${memberPath(username)}/suspend`, { method: 'POST', body: { reason } }),
  );

export const useRestoreMember = () =>
  useAdminMutation((username: string) =>
    apiFetch<AdminMember>(`${memberPath(username)}/restore`, { method: 'POST' }),
  );

export const useSetRole = () =>
  useAdminMutation(({ username, role }: { username: string; role: 'member' | 'admin' }) =>
    apiFetch<AdminMember>(`${memberPath(username)}/role`, { method: 'PUT', body: { role } }),
  );

/** An admin's decision on a held or disputed payment: the money goes to the worker or back. */
export const useDecidePayment = () =>
  useAdminMutation(({ id, decision }: { id: number; decision: 'release' | 'refund' }) =>
    apiFetch<PaymentDto>(`/api/admin/payments/${id}/${decision}`, { method: 'POST' }),
  );

/** Employer verification requests, newest first: the waiting ones (the queue) or every one. */
export const useAdminVerifications = (status: 'pending' | 'all') =>
  useInfiniteQuery({
    queryKey: moderationKeys.employers(status),
    ...cursorPages<AdminVerificationDto>('/api/admin/employer-verifications', {
      limit: 20,
      status: status === 'all' ? undefined : status,
    }),
  });

/** Approves or rejects a request, with the note the member reads. */
export const useDecideVerification = () =>
  useAdminMutation(({ id, approve, note }: { id: number; approve: boolean; note: string }) =>
    apiFetch<AdminVerificationDto>(
      `/api/admin/employer-verifications/${id}/${approve ? 'approve' : 'reject'}`,
      { method: 'POST', body: note.trim() ? { note: note.trim() } : {} },
    ),
  );
