import { CARD_AVATAR_COLOURS } from '@jamii/shared';
import { useState } from 'react';
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

interface CardAvatarProps {
  name: string;
  picture: string | null | undefined;
  /** Read out by screen readers; leave it out when the name is written beside the avatar. */
  label?: string;
  size?: 'sm' | 'md';
}

/** A job or bid card's avatar (the specified screens): the profile picture, else a coloured circle with the first letter. */
export function CardAvatar({ name, picture: stored, label, size = 'md' }: CardAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The data saver shows the initial instead (useProfilePicture says why).
  const picture = useProfilePicture(stored);
  const pixels = size === 'sm' ? 32 : 40;
  const shape = `${size === 'sm' ? 'size-8 text-sm' : 'size-10 text-base'} shrink-0 rounded-full`;
  if (picture && picture !== failedSrc) {
    return (
      <img
        src={picture}
        alt={label ?? ''}
        width={pixels}
        height={pixels}
        loading="lazy"
        decoding="async"
        className={`${shape} bg-gray-100 object-cover`}
        onError={() => setFailedSrc(picture)}
      />
    );
  }
  const colour = cardAvatarColour(name);
  const [first] = Array.from(name.trim());
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-colour={colour}
      className={`${shape} ${avatarColourClass[colour]} inline-flex items-center justify-center font-semibold select-none`}
    >
      {first ? first.toLocaleUpperCase(currentLocale()) : '?'}
    </span>
  );
}
