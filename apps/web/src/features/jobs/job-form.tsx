import { useId } from 'react';
import { JOB_EXPIRY_DAYS, JobInput, SALARY_PERIODS, type JobDto, type JobInputValues } from '@jamii/shared';
import type { z } from 'zod';
import { EditableForm, type EditableFormCallbacks } from '../../components/editable-form';
import { AmountField, TextAreaField, TextField } from '../../components/form-fields';
import { CurrencyField, SelectField } from '../../components/select-field';
import { LocationSuggestions } from '../../components/location-suggestions';
import { t } from '../../lib/i18n';
import { useFeatureForm } from '../../lib/use-mutation-form';
import { useCreateJob, useUpdateJob } from './api';

type JobFields = z.input<typeof JobInput>;
const fieldNames = [
  'title',
  'company',
  'location',
  'type',
  'salary',
  'currency',
  'salary_min',
  'salary_max',
  'salary_period',
  'description',
  'expires_in_days',
] as const;
/** Suggestions for the type field (the specified fields: e.g. Full-time, Contract); any text is allowed. */
const TYPE_SUGGESTIONS = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Temporary', 'Remote'];

const emptyJob: JobFields = {
  title: '',
  company: '',
  location: '',
  type: '',
  salary: '',
  currency: 'KES',
  salary_min: '',
  salary_max: '',
  salary_period: '',
  description: '',
  expires_in_days: JOB_EXPIRY_DAYS.default,
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole days left before the job expires, within the form's 1–90. */
const daysLeft = (job: JobDto) =>
  Math.min(
    JOB_EXPIRY_DAYS.max,
    Math.max(JOB_EXPIRY_DAYS.min, Math.ceil((Date.parse(job.expires_at) - Date.now()) / DAY_MS)),
  );

const jobFields = (job: JobDto): JobFields => ({
  title: job.title,
  company: job.company,
  location: job.location,
  type: job.type,
  salary: job.salary,
  currency: job.currency,
  salary_min: job.salary_min ?? '',
  salary_max: job.salary_max ?? '',
  salary_period: job.salary_period ?? '',
  description: job.description,
  expires_in_days: daysLeft(job),
});

const periodOptions = [
  { value: '', label: t('jobs.form.salaryPeriod.none') },
  ...SALARY_PERIODS.map((period) => ({ value: period, label: t(`jobs.form.salaryPeriod.${period}`) })),
];

/**
 * Post a job (`POST /api/jobs`) with the shared rules; only the title is required. The salary is
 * SPEC's free text and an optional range per period, in KES unless USD (docs/design.md#money-in-kenya-shillings). Given a
 * `job`, the same form edits it (`PATCH /api/jobs/{id}`).
 */
export function JobForm({ job, onCreated, onDone }: { job?: JobDto } & EditableFormCallbacks) {
  const createJob = useCreateJob();
  const updateJob = useUpdateJob(job?.id ?? 0);
  const isEdit = job !== undefined;
  const initialDays = job ? daysLeft(job) : undefined;
  // An edit that leaves "Expires in" as it was keeps the job's end where it is.
  const sendEdit = (values: JobInputValues) => {
    if (values.expires_in_days !== initialDays) return updateJob.mutateAsync(values);
    const { expires_in_days: _unchanged, ...rest } = values;
    return updateJob.mutateAsync(rest);
  };
  const typesId = useId();
  const placesId = useId();
  const { register, errors, formProps } = useFeatureForm('jobs', {
    schema: JobInput,
    defaultValues: job ? jobFields(job) : emptyJob,
    isEdit,
    create: createJob.mutateAsync,
    update: sendEdit,
    serverFields: fieldNames,
    onCreated,
    onDone,
  });

  return (
    <EditableForm {...formProps}>
      <TextField label={t('jobs.form.jobTitle')} error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('jobs.form.company')}
          autoComplete="organization"
          error={errors.company?.message}
          {...register('company')}
        />
        <TextField
          label={t('jobs.form.location')}
          list={placesId}
          placeholder={t('auth.locationPlaceholder')}
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField
          label={t('jobs.form.type')}
          list={typesId}
          placeholder={t('jobs.form.typePlaceholder')}
          error={errors.type?.message}
          {...register('type')}
        />
        <TextField
          label={t('jobs.form.salary')}
          placeholder={t('jobs.form.salaryPlaceholder')}
          error={errors.salary?.message}
          {...register('salary')}
        />
        <AmountField
          label={t('jobs.form.salaryMin')}
          error={errors.salary_min?.message}
          {...register('salary_min')}
        />
        <AmountField
          label={t('jobs.form.salaryMax')}
          error={errors.salary_max?.message}
          {...register('salary_max')}
        />
        <SelectField
          label={t('jobs.form.salaryPeriod')}
          options={periodOptions}
          error={errors.salary_period?.message}
          {...register('salary_period')}
        />
        <CurrencyField error={errors.currency?.message} {...register('currency')} />
      </div>
      <LocationSuggestions id={placesId} />
      <datalist id={typesId}>
        {TYPE_SUGGESTIONS.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <TextAreaField
        label={t('jobs.form.description')}
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label={t('jobs.form.expiresInDays')}
        type="number"
        inputMode="numeric"
        min={JOB_EXPIRY_DAYS.min}
        max={JOB_EXPIRY_DAYS.max}
        step="1"
        hint={t('jobs.form.expiresHint')}
        className="sm:max-w-xs"
        error={errors.expires_in_days?.message}
        {...register('expires_in_days')}
      />
    </EditableForm>
  );
}
