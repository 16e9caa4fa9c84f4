import type { UserDto } from '@jamii/shared';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/avatar';
import { EmployerBadge } from '../../components/employer-badge';
import { MapPinIcon, PhoneIcon } from '../../components/icons';
import { PhoneLinks } from '../../components/phone-links';
import { t } from '../../lib/i18n';
import { ReportButton } from '../../components/report-button';
import { RatingBadge } from '../../components/rating-badge';
import { SkillChips } from '../../components/skill-chips';
import { perLocale } from '../../lib/i18n/locale-format';

const joinedFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }),
);

function joinedOn(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : joinedFormat().format(date);
}

/** Picture, name, @username, place, date joined and bio; `children` (follow counts) go below. */
export function ProfileHeader({
  member,
  isPageHeading,
  children,
}: {
  member: UserDto;
  isPageHeading: boolean;
  children?: ReactNode;
}) {
  // On one's own profile the page heading is "My Profile" and the name sits under it.
  const NameHeading = isPageHeading ? 'h1' : 'h2';
  const joined = joinedOn(member.created_at);
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
      <div className="flex items-center gap-4">
        <Avatar person={member} size="xl" />
        <div className="min-w-0">
          {/* A long name wraps instead of being cut (docs/web-performance.md: "Achieng Odhiam…" at 375 px). */}
          <NameHeading className="text-xl font-bold break-words text-gray-900">{member.name}</NameHeading>
          <p className="break-all text-gray-600">
            {member.username}
            <EmployerBadge member={member} />
          </p>
          {member.headline && <p className="mt-0.5 text-gray-800">{member.headline}</p>}
          <RatingBadge avg={member.rating_avg} count={member.rating_count} showEmpty className="mt-0.5" />
          <ReportButton targetType="user" targetId={member.id} authorId={member.id} />
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-500">
            {member.location && (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-4" />
                {member.location}
              </span>
            )}
            {joined && <span>{t('profile.joined', { date: joined })}</span>}
          </p>
          {member.phone && (
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
              <PhoneIcon className="size-4 text-gray-500" />
              <PhoneLinks
                e164={member.phone}
                linkClassName="font-medium text-brand-700 underline underline-offset-2"
              />
              {member.show_phone === false && <span className="text-gray-500">({t('phone.onlyYou')})</span>}
            </p>
          )}
        </div>
      </div>
      <SkillChips skills={member.skills} max={8} />
      {member.bio && <p className="mt-4 whitespace-pre-line text-gray-800">{member.bio}</p>}
      {children}
    </section>
  );
}
