import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { resendVerification } from './api';

/** "Email me a new link": a toast on success; the limit's message (429) stays next to the button. */
export function ResendVerificationButton() {
  const toast = useToast();
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: resendVerification,
    onMutate: () => setLimitMessage(null),
    onSuccess: ({ message }) => toast.success(message),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429)
        setLimitMessage(errorMessage(error, t('verifyEmail.tooMany')));
      else toast.error(errorMessage(error, t('verifyEmail.resendFailed')));
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className={buttonClasses('secondary')}
      >
        {resend.isPending ? t('verifyEmail.sending') : t('verifyEmail.resend')}
      </button>
      {limitMessage && (
        <p role="alert" className="text-sm text-red-700">
          {limitMessage}
        </p>
      )}
    </div>
  );
}
