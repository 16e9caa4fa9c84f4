import { CARD_AVATAR_COLOURS, stripAt } from '@jamii/shared';
import { useState, type ReactNode } from 'react';
import { useProfilePicture } from '../lib/data-saver';
import { currentLocale } from '../lib/i18n';

export type CardAvatarColour = (typeof CARD_AVATAR_COLOURS)[number];

/**
 * The colour of a job or bid card's avatar (the specified constants): one of four, chosen by a hash of the name, so
 * one person always gets the same colour.
 */
export function cardAvatarColour(name: string): CardAvatarColour {
  let hash = 0;
  for (const char of name.trim()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return CARD_AVATAR_COLOURS[hash % CARD_AVATAR_COLOURS.length]!;
}

/** The circle's colours: the cards' palette, which the other avatars of a member use too. */
export const avatarColourClass: Record<CardAvatarColour, string> = {
  green: 'bg-avatar-green text-white',
  blue: 'bg-avatar-blue text-white',
  // Dark text: white on yellow cannot be read.
  yellow: 'bg-avatar-yellow text-gray-900',
  red: 'bg-avatar-red text-white',
};

/** Anything with the fields of a member that a picture or an initial can be made from. */
export interface AvatarPerson {
  name?: string | null;
  username?: string | null;
  profile_pic?: string | null;
}

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const sizeClasses: Record<AvatarSize, string> = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
};

const pixels: Record<AvatarSize, number> = { sm: 32, md: 40, lg: 64, xl: 96 };

/** The initial shown without a picture: from the name, else the username, else a question mark. */
export function avatarInitial({ name, username }: AvatarPerson): string {
  const source = name?.trim() || stripAt(username?.trim() ?? '');
  // Array.from keeps a letter written with two UTF-16 units whole.
  const [first] = Array.from(source);
  return first ? first.toLocaleUpperCase(currentLocale()) : '?';
}

interface AvatarProps {
  person: AvatarPerson;
  size?: AvatarSize;
  /** Read out by screen readers; leave it out when the name is written beside the avatar. */
  label?: string;
  className?: string;
}

/** A member's profile picture, else a circle with their initial (the specified screens Post composer). */
export function Avatar({ person, size = 'md', label, className = '' }: AvatarProps) {
  // A picture that fails to load (deleted, offline) falls back to the initial.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The data saver shows the initial instead (useProfilePicture says why).
  const src = useProfilePicture(person.profile_pic);
  const shape = `${sizeClasses[size]} shrink-0 rounded-full ${className}`;

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt={label ?? ''}
        width={pixels[size]}
        height={pixels[size]}
        loading="lazy"
        decoding="async"
        className={`${shape} bg-gray-100 object-cover`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  // The colour of the person's job and bid cards, so one member looks the same on every screen.
  const colour = cardAvatarColour(person.name?.trim() || stripAt(person.username?.trim() ?? ''));
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-colour={colour}
      className={`${shape} ${avatarColourClass[colour]} inline-flex items-center justify-center font-semibold select-none`}
    >
      {avatarInitial(person)}
    </span>
  );
}

/** A small avatar with the lines about its person beside it (the start of a row or a header). */
export function BesideAvatar({ person, children }: { person: AvatarPerson; children: ReactNode }) {
  return (
    <>
      <Avatar person={person} size="sm" />
      <div className="min-w-0 flex-1">{children}</div>
    </>
  );
}
