import type { PaymentDto } from '@jamii/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api';

export const paymentKey = (bidId: number) => ['bids', 'payment', bidId] as const;
/** While M-Pesa works (the PIN prompt, a payout) the panel asks again this often. */
const WAITING_POLL_MS = 3000;
const WAITING: PaymentDto['status'][] = ['pending', 'releasing', 'refunding'];

/** `GET /api/bids/{id}/payment`: the deal's payment, or null before the first one. */
export function usePayment(bidId: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentKey(bidId),
    enabled,
    queryFn: async () => {
      try {
        return await apiFetch<PaymentDto>(`/api/bids/${bidId}/payment`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) =>
      query.state.data && WAITING.includes(query.state.data.status) ? WAITING_POLL_MS : false,
  });
}

/** The payment's actions: pay (STK Push), cancel or agree to cancel, dispute. */
export function usePaymentAction(bidId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action: { kind: 'pay'; phone: string } | { kind: 'cancel' } | { kind: 'dispute'; reason: string },
    ) => {
      if (action.kind === 'pay') {
        const answer = await apiFetch<{ payment: PaymentDto }>(`/api/bids/${bidId}/payment`, {
          method: 'POST',
          body: action.phone.trim() ? { phone: action.phone } : {},
        });
        return answer.payment;
      }
      return apiFetch<PaymentDto>(`/api/bids/${bidId}/payment/${action.kind}`, {
        method: 'POST',
        body: action.kind === 'dispute' ? { reason: action.reason } : {},
      });
    },
    onSuccess: (payment) => queryClient.setQueryData(paymentKey(bidId), payment),
  });
}

/** `GET /api/payments/mode`: whether payments run in test mode. */
export function usePaymentMode() {
  return useQuery({
    queryKey: ['payments', 'mode'] as const,
    queryFn: () => apiFetch<{ test_mode: boolean }>('/api/payments/mode'),
    staleTime: Infinity,
  });
}
