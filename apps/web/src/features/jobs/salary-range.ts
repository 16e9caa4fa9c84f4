import { formatMoney, type JobDto } from '@jamii/shared';
import { t } from '../../lib/i18n';

/** A job's structured salary in its currency (docs/design.md#money-in-kenya-shillings): "KSh 30,000 – KSh 40,000 per month". */
export function salaryRangeText(
  job: Pick<JobDto, 'currency' | 'salary_min' | 'salary_max' | 'salary_period'>,
) {
  const { salary_min: min, salary_max: max, currency } = job;
  let range: string;
  if (min !== null && max !== null) {
    range =
      min === max
        ? formatMoney(min, currency)
        : t('jobs.salary.range', { min: formatMoney(min, currency), max: formatMoney(max, currency) });
  } else if (min !== null) range = t('jobs.salary.from', { min: formatMoney(min, currency) });
  else if (max !== null) range = t('jobs.salary.upTo', { max: formatMoney(max, currency) });
  else return null;
  return job.salary_period
    ? t('jobs.salaryRange', { range, period: t(`jobs.form.salaryPeriod.${job.salary_period}`) })
    : range;
}
