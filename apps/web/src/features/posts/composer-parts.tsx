import type { ChangeEvent } from 'react';
import { HashIcon, ImageIcon, MapPinIcon } from '../../components/icons';
import { ProgressBar } from '../../components/progress-bar';
import { t } from '../../lib/i18n';
import { composerIconClass, EmojiPicker } from './emoji-picker';

/**
 * `text` put in place of the selection `start`..`end` of `current`, a space before it unless one is
 * there already; answers the new value and where the cursor goes (after the inserted text).
 */
export function insertAtCaret(
  current: string,
  start: number,
  end: number,
  text: string,
): { value: string; caret: number } {
  const spacer = start > 0 && !/\s/.test(current[start - 1] ?? '') ? ' ' : '';
  const inserted = `${spacer}${text}`;
  return {
    value: `${current.slice(0, start)}${inserted}${current.slice(end)}`,
    caret: start + inserted.length,
  };
}

/** The chosen picture as it will be posted, with Remove. */
export function ComposerPicturePreview({
  previewUrl,
  disabled,
  onRemove,
}: {
  previewUrl: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="mt-3 sm:ml-13">
      <img
        src={previewUrl}
        alt={t('posts.composer.preview')}
        className="max-h-64 w-auto max-w-full rounded-xl bg-gray-100 object-contain"
      />
      <button
        type="button"
        disabled={disabled}
        onClick={onRemove}
        className="mt-1 text-sm font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
      >
        {t('posts.composer.remove')}
      </button>
    </div>
  );
}

/** The upload's real progress (the specified states Composer). */
export function ComposerProgress({ progress }: { progress: number }) {
  return (
    <ProgressBar label={t('posts.composer.progress')} percent={progress} className="mt-3 h-2 bg-gray-100" />
  );
}

interface ComposerToolsProps {
  /** The picture input's id (its error and the text box refer to it). */
  pickerId: string;
  disabled: boolean;
  onPictureChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Puts text at the cursor in the text box. */
  onInsert: (text: string) => void;
  /** The member's town, offered as "at {location}" when they have one. */
  location: string | undefined;
}

/** the specified screens Post composer helpers: a picture, an emoji, a hashtag and the member's location. */
export function ComposerTools({
  pickerId,
  disabled,
  onPictureChange,
  onInsert,
  location,
}: ComposerToolsProps) {
  return (
    <div className="flex items-center gap-1">
      <input
        id={pickerId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        disabled={disabled}
        onChange={onPictureChange}
      />
      <label
        htmlFor={pickerId}
        title={t('posts.composer.addPicture')}
        className={`cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 ${composerIconClass}`}
      >
        <ImageIcon className="size-5" />
        <span className="sr-only">{t('posts.composer.addPicture')}</span>
      </label>
      <EmojiPicker onPick={onInsert} disabled={disabled} />
      <button
        type="button"
        aria-label={t('posts.composer.hashtag')}
        title={t('posts.composer.hashtag')}
        disabled={disabled}
        onClick={() => onInsert('#')}
        className={composerIconClass}
      >
        <HashIcon className="size-5" />
      </button>
      {location && (
        <button
          type="button"
          aria-label={t('posts.composer.location')}
          title={t('posts.composer.location')}
          disabled={disabled}
          onClick={() => onInsert(t('posts.composer.atLocation', { location }))}
          className={composerIconClass}
        >
          <MapPinIcon className="size-5" />
        </button>
      )}
    </div>
  );
}
