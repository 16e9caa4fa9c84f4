import { useState } from 'react';
import { useProfilePicture } from '../lib/data-saver';
import { currentLocale } from '../lib/i18n';
import { avatarColourClass, cardAvatarColour } from './avatar';

export { cardAvatarColour, type CardAvatarColour } from './avatar';

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
