import type { EmployerVerificationValues, MyVerificationDto } from '@jamii/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const verificationKeys = { mine: ['employer-verification'] as const };

/** `GET /api/employer-verification`: the member's badges and latest request. */
export const useMyVerification = () =>
  useQuery({
    queryKey: verificationKeys.mine,
    queryFn: ({ signal }) => apiFetch<MyVerificationDto>('/api/employer-verification', { signal }),
  });

/** `POST /api/employer-verification`: the fields and the PDF, as a multipart form. */
export function useRequestVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, document }: { values: EmployerVerificationValues; document: File }) => {
      const form = new FormData();
      form.set('kind', values.kind);
      form.set('legal_name', values.legal_name);
      form.set('kra_pin', values.kra_pin);
      form.set('registration_no', values.registration_no);
      if (values.kind === 'agency' && values.nea_licence_no)
        form.set('nea_licence_no', values.nea_licence_no);
      form.set('document', document);
      return apiFetch<{ status: 'pending' }>('/api/employer-verification', { method: 'POST', body: form });
    },
    onSettled: () => client.invalidateQueries({ queryKey: verificationKeys.mine }),
  });
}
