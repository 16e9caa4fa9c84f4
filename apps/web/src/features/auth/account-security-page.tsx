import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordInput, type ActiveSession, type ChangePasswordInputValues } from '@jamii/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckboxField, PasswordField } from '../../components/form-fields';
import { ListError } from '../../components/list-states';
import { NewPasswordFields } from '../../components/new-password-fields';
import { TimeAgo } from '../../components/time-ago';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { changePassword, endSession, listSessions } from './api';
import { deviceName } from './device-name';
import { PhoneVerificationSection } from './phone-verification-section';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';
const cardTitleClass = 'text-lg font-bold text-gray-900';
const SESSIONS_KEY = ['auth', 'sessions'] as const;

type FormFields = 'current_password' | 'password' | 'confirmPassword';
const formFields: readonly string[] = ['current_password', 'password', 'confirmPassword'];

const emptyForm = { current_password: '', password: '', confirmPassword: '', sign_out_others: false };

function ChangePasswordForm() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInputValues, unknown, z.output<typeof ChangePasswordInput>>({
    resolver: zodResolver(ChangePasswordInput),
    mode: 'onTouched',
    defaultValues: emptyForm,
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  async function handleChange(values: z.output<typeof ChangePasswordInput>) {
    try {
      const { message } = await changePassword(values);
      reset(emptyForm);
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (error) {
      const fieldErrors = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {});
      const known = fieldErrors.filter(([field]) => formFields.includes(field));
      for (const [field, message] of known) setError(field as FormFields, { type: 'server', message });
      if (known.length === 0) toast.error(errorMessage(error, t('security.password.failed')));
    }
  }
  const guardedHandleChange = useGuardedSubmit((event) => handleSubmit(handleChange)(event));

  return (
    <section aria-labelledby="change-password-title" className={cardClass}>
      <h2 id="change-password-title" className={cardTitleClass}>
        {t('security.password.title')}
      </h2>
      <form noValidate onSubmit={guardedHandleChange} className="mt-4 max-w-md space-y-4">
        <PasswordField
          label={t('security.password.current')}
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          form={form}
          errors={errors}
          labels={{ password: t('security.password.new'), confirmPassword: t('security.password.confirm') }}
        />
        <CheckboxField label={t('security.password.signOutOthers')} {...register('sign_out_others')} />
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t('security.password.submitting') : t('security.password.submit')}
        </button>
      </form>
    </section>
  );
}

function SessionRow({ session, onEnd }: { session: ActiveSession; onEnd: (session: ActiveSession) => void }) {
  const device = deviceName(session.user_agent) ?? t('security.sessions.unknownDevice');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-gray-900">
          {device}
          {session.current && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              {t('security.sessions.current')}
            </span>
          )}
        </p>
        <p className="text-sm text-gray-600">
          {t('security.sessions.started')} <TimeAgo iso={session.created_at} /> ·{' '}
          {t('security.sessions.lastUsed')} <TimeAgo iso={session.last_used_at} />
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          onClick={() => onEnd(session)}
          aria-label={t('security.sessions.signOutDevice', { device })}
          className={buttonClasses('secondary')}
        >
          {t('security.sessions.signOut')}
        </button>
      )}
    </li>
  );
}

function ActiveSessions() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const [ending, setEnding] = useState<ActiveSession | null>(null);
  const end = useMutation({
    mutationFn: (id: string) => endSession(id),
    onSuccess: async () => {
      setEnding(null);
      toast.success(t('security.sessions.ended'));
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => {
      setEnding(null);
      toast.error(errorMessage(error, t('security.sessions.failed')));
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });

  return (
    <section aria-labelledby="sessions-title" className={cardClass}>
      <h2 id="sessions-title" className={cardTitleClass}>
        {t('security.sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('security.sessions.hint')}</p>
      {sessions.isPending ? (
        <p role="status" className="mt-4 text-sm text-gray-600">
          {t('common.loading')}
        </p>
      ) : sessions.isError ? (
        <ListError message={t('security.sessions.loadFailed')} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul aria-labelledby="sessions-title" className="mt-2 divide-y divide-gray-100">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={setEnding} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        message={t('security.sessions.confirm', {
          device: (ending && deviceName(ending.user_agent)) ?? t('security.sessions.unknownDevice'),
        })}
        confirmLabel={t('security.sessions.signOut')}
        busyLabel={t('security.sessions.signingOut')}
        isBusy={end.isPending}
        isDestructive
        onConfirm={() => ending && end.mutate(ending.id)}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}

/** `/settings/security`: change password, verify my number and the active sessions (docs/design.md#trust-and-safety). */
export function AccountSecurityPage() {
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('security.title') })}</title>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('security.title')}</h1>
      <div className="space-y-4">
        <ChangePasswordForm />
        <PhoneVerificationSection />
        <ActiveSessions />
      </div>
    </div>
  );
}
