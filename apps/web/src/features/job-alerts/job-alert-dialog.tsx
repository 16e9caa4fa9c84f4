import {
  JOB_ALERT_CHANNELS,
  JOB_ALERT_FREQUENCIES,
  JOB_ALERTS_FULL_MESSAGE,
  JOB_ALERTS_PER_MEMBER,
  JobAlertInput,
  type JobAlertChannel,
  type JobAlertFrequency,
} from '@jamii/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useModalDialog } from '../../components/use-modal-dialog';
import { errorMessage, newIdempotencyKey } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { localize, t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useSubmitGuard } from '../../lib/use-submit-guard';
import { alertSummary, CHANNEL_LABEL, type AlertSearch } from './alert-summary';
import { useCreateJobAlert, useJobAlerts } from './api';

const FREQUENCY_LABEL: Record<JobAlertFrequency, PlainMessageKey> = {
  instant: 'jobAlerts.frequency.instant',
  daily: 'jobAlerts.frequency.daily',
};

/**
 * Whether this device takes push from Jamii ('on'), from the notifications feature (composed in
 * app/): the server cannot tell which devices a member turned push on for.
 */
export type PushStateReader = () => Promise<string>;

const FREQUENCIES = JOB_ALERT_FREQUENCIES;

interface JobAlertDialogProps {
  /** The Jobs screen's search and filters that an alert can keep. */
  search: AlertSearch;
  /** Location or company is chosen too: an alert cannot keep them, and says so. */
  hasUnkeptFilters: boolean;
  readPushState: PushStateReader;
  onClose: () => void;
}

/**
 * "Alert me about jobs like these": saves the Jobs screen's search as a job alert, with a minimum
 * salary, instant or daily, and the channels beside Jamii's own notifications. A channel that
 * cannot reach the member says why (email unconfirmed, no verified phone) and cannot be chosen;
 * push depends on the devices, which only this one can be asked about. Mount it while shown.
 */
export default function JobAlertDialog({
  search,
  hasUnkeptFilters,
  readPushState,
  onClose,
}: JobAlertDialogProps) {
  const { user } = useAuth();
  const toast = useToast();
  const alerts = useJobAlerts();
  const create = useCreateJobAlert();
  const guard = useSubmitGuard();
  // One key per body sent: a second tap, or a retry after a lost answer, saves one alert; a changed
  // form after a failure is a new request (the server refuses a key reused with another body).
  const sent = useRef<{ body: string; key: string } | null>(null);
  const titleId = useId();
  const baseId = useId();
  const [salary, setSalary] = useState('');
  const [salaryError, setSalaryError] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<JobAlertFrequency>('instant');
  const [channels, setChannels] = useState<JobAlertChannel[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pushState, setPushState] = useState<string | null>(null);
  const modal = useModalDialog(true, () => {
    if (!create.isPending) onClose();
  });

  useEffect(() => {
    let isCurrent = true;
    void readPushState()
      .then((state) => isCurrent && setPushState(state))
      .catch(() => isCurrent && setPushState('unsupported'));
    return () => {
      isCurrent = false;
    };
  }, [readPushState]);

  const cannotReach: Partial<Record<JobAlertChannel, PlainMessageKey>> = {
    ...(user?.email_verified ? {} : { email: 'jobAlerts.channels.emailOff' }),
    ...(user?.phone_verified ? {} : { sms: 'jobAlerts.channels.smsOff' }),
  };
  const isFull = (alerts.data?.length ?? 0) >= JOB_ALERTS_PER_MEMBER;
  // Ten kept already: said before the member fills the form (the server would answer the same).
  const shownError = error ?? (isFull ? localize(JOB_ALERTS_FULL_MESSAGE) : null);

  function toggle(channel: JobAlertChannel, on: boolean) {
    setChannels((chosen) => (on ? [...chosen, channel] : chosen.filter((c) => c !== channel)));
  }

  async function save() {
    setError(null);
    setSalaryError(null);
    const values = {
      query: search.query ?? null,
      type: search.type ?? null,
      county: search.county ?? null,
      salary_min: salary.trim() === '' ? null : salary.trim(),
      frequency,
      channels: channels.filter((c) => !cannotReach[c]),
    };
    // The shared rules check the form as the server will.
    const checked = JobAlertInput.safeParse(values);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const message = localize(issue?.message ?? '');
      if (issue?.path[0] === 'salary_min') setSalaryError(message);
      else setError(message);
      return;
    }
    const body = JSON.stringify(checked.data);
    if (sent.current?.body !== body) sent.current = { body, key: newIdempotencyKey() };
    try {
      await create.mutateAsync({ values: checked.data, key: sent.current.key });
      toast.success(t('jobAlerts.saved'));
      onClose();
    } catch (err) {
      const message = errorMessage(err, t('jobAlerts.saveFailed'));
      setError(message);
      toast.error(message);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void guard(save);
  }

  const summary = alertSummary(search);
  const salaryId = `${baseId}-salary`;

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
    >
      <form onSubmit={submit} className="p-5" noValidate>
        <h2 id={titleId} className="text-lg font-semibold">
          {t('jobAlerts.create')}
        </h2>
        <p className="mt-3 text-sm font-medium text-gray-800">{t('jobAlerts.dialog.looksFor')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-gray-700">
          {summary.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
        {hasUnkeptFilters && <p className="mt-2 text-sm text-gray-600">{t('jobAlerts.dialog.notKept')}</p>}

        <label htmlFor={salaryId} className="mt-4 block text-sm font-medium text-gray-800">
          {t('jobAlerts.salary.label')}
        </label>
        <input
          id={salaryId}
          inputMode="numeric"
          autoComplete="off"
          value={salary}
          onChange={(event) => setSalary(event.target.value)}
          aria-invalid={salaryError ? true : undefined}
          aria-describedby={`${salaryId}-${salaryError ? 'error' : 'hint'}`}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2 ${
            salaryError
              ? 'border-red-600 focus:outline-red-600/30'
              : 'border-gray-300 focus:border-brand-600 focus:outline-brand-600/30'
          }`}
        />
        {salaryError ? (
          <p id={`${salaryId}-error`} className="mt-1 text-sm text-red-700">
            {salaryError}
          </p>
        ) : (
          <p id={`${salaryId}-hint`} className="mt-1 text-sm text-gray-600">
            {t('jobAlerts.salary.hint')}
          </p>
        )}

        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-gray-800">{t('jobAlerts.frequency.legend')}</legend>
          {FREQUENCIES.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name={`${baseId}-frequency`}
                value={option}
                checked={frequency === option}
                onChange={() => setFrequency(option)}
                className="size-5 shrink-0 accent-brand-600"
              />
              {t(FREQUENCY_LABEL[option])}
            </label>
          ))}
        </fieldset>

        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-gray-800">{t('jobAlerts.channels.legend')}</legend>
          <p className="mt-1 text-sm text-gray-600">{t('jobAlerts.channels.hint')}</p>
          {JOB_ALERT_CHANNELS.map((channel) => {
            const why =
              cannotReach[channel] ??
              (channel === 'push' && pushState !== null && pushState !== 'on'
                ? 'jobAlerts.channels.pushOff'
                : undefined);
            const isBlocked = Boolean(cannotReach[channel]);
            const hintId = `${baseId}-${channel}-hint`;
            return (
              <div key={channel} className="py-0.5">
                <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    checked={!isBlocked && channels.includes(channel)}
                    disabled={isBlocked}
                    onChange={(event) => toggle(channel, event.target.checked)}
                    aria-describedby={why ? hintId : undefined}
                    className="size-5 shrink-0 accent-brand-600"
                  />
                  {t(CHANNEL_LABEL[channel])}
                </label>
                {why && (
                  <p id={hintId} className="-mt-1 mb-1 pl-7 text-sm text-gray-600">
                    {t(why)}
                    {channel === 'push' && (
                      <>
                        {' '}
                        <Link
                          to={paths.notificationSettings}
                          className="font-semibold text-brand-700 underline"
                        >
                          {t('notificationSettings.title')}
                        </Link>
                      </>
                    )}
                    {channel === 'sms' && (
                      <>
                        {' '}
                        <Link to={paths.accountSecurity} className="font-semibold text-brand-700 underline">
                          {t('phoneAuth.settings.title')}
                        </Link>
                      </>
                    )}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>

        {shownError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {shownError}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            disabled={create.isPending}
            className={buttonClasses('secondary')}
          >
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={create.isPending || isFull} className={buttonClasses('primary')}>
            {create.isPending ? t('jobAlerts.saving') : t('jobAlerts.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
