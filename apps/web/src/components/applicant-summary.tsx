import { paths } from '../lib/paths';
import { BesideAvatar, type AvatarPerson } from './avatar';
import { NameLink } from './name-link';
import { TimeAgo } from './time-ago';

interface ApplicantSummaryProps {
  person: AvatarPerson & { name: string; username: string };
  appliedAt: string;
  message: string | null | undefined;
}

/** Who applied to a job and when, with their message: the start of an applicant's row. */
export function ApplicantSummary({ person, appliedAt, message }: ApplicantSummaryProps) {
  return (
    <BesideAvatar person={person}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <NameLink to={paths.user(person.username)}>{person.name}</NameLink>
        <span className="text-sm break-all text-gray-500">{person.username}</span>
        <TimeAgo iso={appliedAt} className="text-sm text-gray-500" />
      </p>
      {message && <p className="mt-1 break-words whitespace-pre-line text-gray-700">{message}</p>}
    </BesideAvatar>
  );
}
