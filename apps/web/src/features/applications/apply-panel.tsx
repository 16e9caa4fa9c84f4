import { cvFileMessage, isJobOpen, JOB_LIMITS, type JobDetailDto } from '@jamii/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { describedBy, FieldFrame, TextAreaField } from '../../components/form-fields';
import { ApiError, errorMessage } from '../../lib/api';
import { useAuth, type LoginRedirectState } from '../../lib/auth';
import { localize, t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useApply } from './api';
import { ApplicationStatusBadge } from './status-badge';
import { useSubmitGuard } from '../../lib/use-submit-guard';

const panelClass = 'mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';

/**
 * The job details page's Apply (docs/design.md#job-applications): a cover note and an optional PDF CV, checked here with
 * the shared rules before sending. Once applied it shows the application's status instead; a closed
 * or expired job says so and offers no form. The poster sees nothing here.
 */
export function ApplyPanel({ job }: { job: JobDetailDto }) {
  const { user } = useAuth();
  const location = useLocation();
  const apply = useApply(job.id);
  // Taken in the tap itself: a second tap while the first is on its way does nothing.
  const guard = useSubmitGuard();
  const [message, setMessage] = useState('');
  const [cv, setCv] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ message?: string; cv?: string; form?: string }>({});
  const [sent, setSent] = useState(false);
  const cvId = useId();
  const cvHint = t('applications.form.cvHint');
  const titleId = useId();

  if (user?.id === job.client_id) return null;

  const myStatus = job.my_application_status ?? (sent ? 'submitted' : null);
  if (myStatus) {
    return (
      <section aria-labelledby={titleId} className={panelClass}>
        <h2 id={titleId} className="text-lg font-bold text-gray-900">
          {sent ? t('applications.form.sent') : t('applications.yourStatus')}
        </h2>
        <p
          className="mt-2 flex flex-wrap items-center gap-2 text-gray-700"
          role={sent ? 'status' : undefined}
        >
          {t('applications.yourStatus')}: <ApplicationStatusBadge status={myStatus} />
        </p>
      </section>
    );
  }

  if (!isJobOpen(job)) {
    return (
      <section aria-labelledby={titleId} className={panelClass}>
        <h2 id={titleId} className="text-lg font-bold text-gray-900">
          {t('applications.closed')}
        </h2>
        <p className="mt-1 text-gray-600">{t('applications.closedHint')}</p>
      </section>
    );
  }

  if (!user) {
    const state: LoginRedirectState = { from: location };
    return (
      <section aria-labelledby={titleId} className={panelClass}>
        <h2 id={titleId} className="text-lg font-bold text-gray-900">
          {t('applications.form.title')}
        </h2>
        <Link to={paths.login} state={state} className={`mt-3 ${buttonClasses('primary')}`}>
          {t('applications.form.login')}
        </Link>
      </section>
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void guard(async () => {
      const next: typeof errors = {};
      if (message.trim().length > JOB_LIMITS.applicationMessage)
        next.message = t('applications.form.tooLong', { max: JOB_LIMITS.applicationMessage });
      const cvError = cv ? cvFileMessage(cv) : undefined;
      if (cvError) next.cv = cvError;
      setErrors(next);
      if (next.message || next.cv) return;
      // Settled before the guard lets the next tap through.
      await new Promise<void>((settled) =>
        apply.mutate(
          { message: message.trim(), cv },
          {
            onSettled: () => settled(),
            onSuccess: () => setSent(true),
            onError: (error) => {
              if (error instanceof ApiError && error.errors) {
                setErrors({ message: error.errors.message, cv: error.errors.cv, form: error.message });
                return;
              }
              setErrors({ form: errorMessage(error, t('applications.form.failed')) });
            },
          },
        ),
      );
    });
  }

  return (
    <section aria-labelledby={titleId} className={panelClass}>
      <h2 id={titleId} className="text-lg font-bold text-gray-900">
        {t('applications.form.title')}
      </h2>
      <form noValidate onSubmit={handleSubmit} className="mt-3 space-y-4">
        <TextAreaField
          label={t('applications.form.message')}
          placeholder={t('applications.form.messagePlaceholder')}
          rows={4}
          maxLength={JOB_LIMITS.applicationMessage}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={errors.message}
        />
        <FieldFrame id={cvId} label={t('applications.form.cv')} error={errors.cv} hint={cvHint}>
          <input
            id={cvId}
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={errors.cv ? true : undefined}
            aria-describedby={describedBy(cvId, errors.cv, cvHint)}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setCv(file);
              setErrors((current) => ({ ...current, cv: file ? cvFileMessage(file) : undefined }));
            }}
            className="block w-full max-w-full text-base text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
        </FieldFrame>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {localize(errors.form)}
          </p>
        )}
        <button type="submit" disabled={apply.isPending} className={buttonClasses('primary')}>
          {apply.isPending ? t('applications.form.sending') : t('applications.form.submit')}
        </button>
      </form>
    </section>
  );
}
