import { useId } from 'react';
import { JobInput } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useCreateJob } from './api';

type JobFields = z.input<typeof JobInput>;
const fieldNames = ['title', 'company', 'location', 'type', 'salary', 'description'] as const;
/** Suggestions for the type field (SPEC §3: e.g. Full-time, Contract); any text is allowed. */
const TYPE_SUGGESTIONS = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Temporary', 'Remote'];

const emptyJob: JobFields = { title: '', company: '', location: '', type: '', salary: '', description: '' };

/** Post a job (`POST /api/jobs`) with the shared rules; only the title is required. */
export function JobForm({ onCreated }: { onCreated?: () => void }) {
  const createJob = useCreateJob();
  const typesId = useId();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: JobInput,
    defaultValues: emptyJob,
    send: createJob.mutateAsync,
    serverFields: fieldNames,
    successMessage: t('jobs.created'),
    failureMessage: (error) => errorMessage(error, t('jobs.createFailed')),
    resetsOnSuccess: true,
    onSuccess: onCreated,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('jobs.form.title')}>
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
      </div>
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
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
        {isSubmitting ? t('common.posting') : t('jobs.form.submit')}
      </button>
    </form>
  );
}
