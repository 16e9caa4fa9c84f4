import { zodResolver } from '@hookform/resolvers/zod';
import { JobInput, type JobInputValues } from '@jamii/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useCreateJob } from './api';
import { showServerFieldErrors } from '../../lib/form-errors';

type JobFields = z.input<typeof JobInput>;
const fieldNames = ['title', 'company', 'location', 'type', 'salary', 'description'] as const;
/** Suggestions for the type field (SPEC §3: e.g. Full-time, Contract); any text is allowed. */
const TYPE_SUGGESTIONS = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Temporary', 'Remote'];

const emptyJob: JobFields = { title: '', company: '', location: '', type: '', salary: '', description: '' };

/** Post a job (`POST /api/jobs`) with the shared rules; only the title is required. */
export function JobForm({ onCreated }: { onCreated?: () => void }) {
  const toast = useToast();
  const createJob = useCreateJob();
  const typesId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JobFields, unknown, JobInputValues>({
    resolver: zodResolver(JobInput),
    defaultValues: emptyJob,
  });

  async function handleCreate(values: JobInputValues) {
    try {
      await createJob.mutateAsync(values);
      reset(emptyJob);
      toast.success(t('jobs.created'));
      onCreated?.();
    } catch (error) {
      showServerFieldErrors(error, fieldNames, setError);
      toast.error(errorMessage(error, t('jobs.createFailed')));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleCreate)(event)}
      className="space-y-4"
      aria-label={t('jobs.form.title')}
    >
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
