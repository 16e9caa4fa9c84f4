import type { JobDto } from '@jamii/shared';
import { EmployerBadge } from '../../components/employer-badge';
import { VerifiedBadge } from '../../components/verified-badge';
import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { CardAvatar } from '../../components/card-avatar';
import { TrashIcon } from '../../components/icons';
import { RiskWarning } from '../../components/risk-warning';
import { ModerationLabel } from '../../components/moderation-label';
import { TimeAgo } from '../../components/time-ago';
import { t } from '../../lib/i18n';
import { JobStateBadge } from './job-state';
import { salaryRangeText } from './salary-range';
import { ReportButton } from '../../components/report-button';
import { ScamReportButton } from '../../components/scam-report-button';
import { LinkedText } from '../../components/linked-text';
import { NameLink } from '../../components/name-link';

interface JobCardProps {
  job: JobDto;
  /** Shows Delete; given only to the poster or an admin (the specified screens: only when a handler is given). */
  onDelete?: (() => void) | undefined;
  /** Buttons under the card, e.g. Apply and Save on the Jobs Feed. */
  actions?: ReactNode;
}

/** The poster's name, or User when it is unknown (the specified screens Job card). */
export const posterName = (job: Pick<JobDto, 'name'>) => job.name.trim() || t('jobs.unknownPoster');

/** Company (or Private), location and type, for one line. */
export function jobFacts(job: Pick<JobDto, 'company' | 'location' | 'type'>): string[] {
  return [job.company.trim() || t('jobs.private'), job.location.trim(), job.type.trim()].filter(Boolean);
}

/** A job's description (its links live) if any, then its moderation label and risk warning. */
export function JobDescription({ job, className }: { job: JobDto; className: string }) {
  return (
    <>
      {job.description.trim() && (
        <p className={`${className} break-words whitespace-pre-line text-gray-800`}>
          <LinkedText
            text={job.description}
            topics={false}
            linkClassName="font-medium text-brand-700 underline underline-offset-2"
          />
        </p>
      )}
      <ModerationLabel moderation={job.moderation} authorId={job.client_id} />
      <RiskWarning risk={job.risk} />
    </>
  );
}

/** Delete, at the end of a job's row of buttons (it asks first: `useConfirmDeleteJob`). */
export function JobDeleteButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={`ml-auto ${buttonClasses('ghost')} text-red-700`}>
      <TrashIcon className="size-4" />
      {t('common.delete')}
    </button>
  );
}

/**
 * the specified screens Job card: title; company (or Private), location and type on one line; the description if
 * any; Posted by with the poster's name. The avatar is the poster's picture, else a coloured circle.
 */
export function JobCard({ job, onDelete, actions }: JobCardProps) {
  const name = posterName(job);
  return (
    <article aria-label={job.title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <div className="flex items-start gap-3">
        <CardAvatar name={name} picture={job.profile_pic} />
        <div className="min-w-0 flex-1">
          <h3 className="text-base leading-snug font-semibold text-gray-900">
            <NameLink to={paths.jobDetails(job.id)}>{job.title}</NameLink>
            <JobStateBadge job={job} />
          </h3>
          <p className="mt-0.5 text-sm text-gray-600" data-testid="job-facts">
            {jobFacts(job).join(' · ')}
          </p>
        </div>
        <div className="flex flex-col items-end">
          <ReportButton targetType="job" targetId={job.id} authorId={job.client_id} />
          <ScamReportButton targetType="job" targetId={job.id} authorId={job.client_id} />
        </div>
      </div>
      {salaryRangeText(job) && (
        <p className="mt-2 text-sm font-semibold text-brand-800 tabular-nums">{salaryRangeText(job)}</p>
      )}
      <JobDescription job={job} className="mt-3 line-clamp-4" />
      <p className="mt-3 text-sm text-gray-500">
        {t('jobs.postedBy')} <span className="font-medium text-gray-700">{name}</span>{' '}
        <VerifiedBadge member={{ email_verified: job.poster_verified, verified_domain: null }} />
        <EmployerBadge member={job} /> · <TimeAgo iso={job.created_at} />
      </p>
      {(actions || onDelete) && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
          {actions}
          {onDelete && <JobDeleteButton onClick={onDelete} />}
        </div>
      )}
    </article>
  );
}
