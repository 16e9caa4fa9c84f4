import { PERSON_AVATAR_COLOURS, stripAt, type PersonDto } from '@jamii/shared';
import { useState } from 'react';
import { useProfilePicture } from '../../lib/data-saver';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { MapPinIcon } from '../../components/icons';
import { useAuth } from '../../lib/auth';
import { currentLocale, t } from '../../lib/i18n';
import { FollowButton } from './follow-button';
import { RatingBadge } from '../../components/rating-badge';
import { SkillChips } from '../../components/skill-chips';

export type PersonAvatarColour = (typeof PERSON_AVATAR_COLOURS)[number];

/** the specified constants: person rows take their colour from a six-colour cycle, by the row's place in the list. */
export function personAvatarColour(index: number): PersonAvatarColour {
  const count = PERSON_AVATAR_COLOURS.length;
  return PERSON_AVATAR_COLOURS[((index % count) + count) % count]!;
}

/** The handle as shown: usernames are stored with one leading @ (the specified fields), shown with exactly one. */
export function personHandle(username: string): string {
  return `@${stripAt(username.trim())}`;
}

/** The first letter of the name, else `?` (the specified screens Discover person row). */
export function personInitial(name: string): string {
  const [first] = Array.from(name.trim());
  return first ? first.toLocaleUpperCase(currentLocale()) : '?';
}

const colourClasses: Record<PersonAvatarColour, string> = {
  green: 'bg-avatar-green text-white',
  blue: 'bg-avatar-blue text-white',
  // Dark text: white on yellow cannot be read.
  yellow: 'bg-avatar-yellow text-gray-900',
  red: 'bg-avatar-red text-white',
  purple: 'bg-avatar-purple text-white',
  orange: 'bg-avatar-orange text-white',
};

/** The picture, else a coloured circle with the initial. */
export function PersonAvatar({
  person,
  index,
}: {
  person: Pick<PersonDto, 'name' | 'profile_pic'>;
  index: number;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The data saver shows the initial instead (useProfilePicture says why).
  const src = useProfilePicture(person.profile_pic);
  const shape = 'size-11 shrink-0 rounded-full';
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
        className={`${shape} bg-gray-100 object-cover`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const colour = personAvatarColour(index);
  return (
    <span
      aria-hidden="true"
      data-colour={colour}
      className={`${shape} ${colourClasses[colour]} inline-flex items-center justify-center text-lg font-semibold select-none`}
    >
      {personInitial(person.name)}
    </span>
  );
}

interface PersonRowProps {
  person: PersonDto;
  /** The row's place in its list: picks the avatar colour. */
  index: number;
  /** Discover's follow toast offers Undo (docs/design.md#principles). */
  withUndo?: boolean;
  /** Find People and follower lists show the bio and mutual connections too. */
  isDetailed?: boolean;
}

/**
 * A person (the specified screens Discover): picture or coloured initial, name, @username, location, Follow /
 * Following and a View link to /user/{username}.
 */
export function PersonRow({ person, index, withUndo = false, isDetailed = false }: PersonRowProps) {
  const { user } = useAuth();
  const isMe = user !== null && user.id === person.id;
  const mutual = person.mutual_friends ?? 0;
  return (
    <li data-testid="person-row" className="flex items-start gap-3 py-3 sm:items-center">
      <PersonAvatar person={person} index={index} />
      {/* On a phone the buttons go under the text, so a name is not cut to a few letters. */}
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-2">
            <span className="truncate font-semibold text-gray-900">{person.name}</span>
            <RatingBadge avg={person.rating_avg} count={person.rating_count} />
          </p>
          {person.headline && <p className="line-clamp-2 text-sm text-gray-800">{person.headline}</p>}
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm text-gray-600">
            <span className="truncate">{personHandle(person.username)}</span>
            {person.location && (
              <span className="inline-flex min-w-0 items-center gap-0.5 truncate">
                <MapPinIcon className="size-3.5 shrink-0" />
                {person.location}
              </span>
            )}
          </p>
          <SkillChips skills={person.skills} />
          {isDetailed && person.bio && (
            <p className="mt-1 line-clamp-2 text-sm text-gray-700">{person.bio}</p>
          )}
          {isDetailed && mutual > 0 && (
            <p className="mt-0.5 text-xs text-gray-500">{t('people.mutual', { count: mutual })}</p>
          )}
        </div>
        <div className="-ml-0.5 flex shrink-0 items-center gap-1">
          {isMe ? (
            <span className="px-2 text-sm text-gray-500">{t('people.you')}</span>
          ) : (
            <FollowButton person={person} isFollowing={person.followed_by_me} withUndo={withUndo} />
          )}
          <Link
            to={paths.user(person.username)}
            aria-label={t('people.viewNamed', { name: person.name })}
            className="inline-flex min-h-9 items-center rounded-full px-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('people.view')}
          </Link>
        </div>
      </div>
    </li>
  );
}
