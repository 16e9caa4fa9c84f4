import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPOSER_RESET_MS,
  COMPOSER_ROWS,
  IMAGE_MAX_BYTES,
  POST_IMAGE_MAX_SIDE,
  PostInput,
  type PostInputValues,
} from '@jamii/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { HashIcon, ImageIcon, MapPinIcon } from '../../components/icons';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { shrinkImage } from '../../lib/images';
import { useToast } from '../../lib/toast';
import { usePickedImage } from '../../lib/use-picked-image';
import { useCreatePost } from './api';
import { composerIconClass, EmojiPicker } from './emoji-picker';
import { cardClass } from './post-card';

type ComposerFields = z.input<typeof PostInput>;

/**
 * SPEC §2 Post composer and §4 Composer: the member's avatar, a 3-row text box, a picture with
 * preview and Remove, emoji / hashtag / location helpers, Post, and the upload's real progress.
 * Success: "Post created", then 1.2 s later everything resets. Failure: the text stays.
 */
export function PostComposer({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const { user } = useAuth();
  const toast = useToast();
  const createPost = useCreatePost();
  const picture = usePickedImage();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Set when the post is created: the composer resets COMPOSER_RESET_MS later (SPEC §4 Composer).
  const [isCreated, setIsCreated] = useState(false);
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const pickerId = useId();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ComposerFields, unknown, PostInputValues>({
    resolver: zodResolver(PostInput),
    defaultValues: { content: '' },
  });
  const content = useWatch({ control, name: 'content' }) ?? '';
  const isEmpty = content.trim() === '';

  // Quick Create opened this form on request: the cursor goes where the member will type.
  useEffect(() => {
    if (focusOnMount) textArea.current?.focus();
  }, [focusOnMount]);

  const pickPicture = picture.pick;
  useEffect(() => {
    if (!isCreated) return;
    const timer = setTimeout(() => {
      reset({ content: '' });
      pickPicture(null);
      setPictureError(null);
      setProgress(null);
      setIsSubmitting(false);
      setIsCreated(false);
    }, COMPOSER_RESET_MS);
    return () => clearTimeout(timer);
  }, [isCreated, reset, pickPicture]);

  function insertText(text: string) {
    const element = textArea.current;
    const current = getValues('content') ?? '';
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const spacer = start > 0 && !/\s/.test(current[start - 1] ?? '') ? ' ' : '';
    const inserted = `${spacer}${text}`;
    setValue('content', `${current.slice(0, start)}${inserted}${current.slice(end)}`, { shouldDirty: true });
    const caret = start + inserted.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  function handlePictureChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again after Remove still counts as a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setPictureError(t('posts.composer.notImage'));
      return;
    }
    setPictureError(null);
    picture.pick(file);
  }

  async function handlePost(values: PostInputValues) {
    setIsSubmitting(true);
    setProgress(0);
    try {
      const form = new FormData();
      form.set('content', values.content);
      if (picture.file) {
        // Phone photos are several MB; the server keeps 1280 px at most, so that is all that is sent.
        const image = await shrinkImage(picture.file, POST_IMAGE_MAX_SIDE);
        if (image.size > IMAGE_MAX_BYTES) {
          setPictureError(t('posts.composer.imageTooLarge'));
          setIsSubmitting(false);
          setProgress(null);
          return;
        }
        form.set('image', image);
      }
      await createPost.mutateAsync({ form, onProgress: setProgress });
      setProgress(100);
      toast.success(t('posts.created'));
      setIsCreated(true);
    } catch {
      setIsSubmitting(false);
      setProgress(null);
      toast.error(t('posts.createFailed'));
    }
  }

  const { ref: registerRef, ...contentField } = register('content');
  const location = user?.location.trim();

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handlePost)(event)}
      className={cardClass}
      aria-label={t('posts.composer.title')}
    >
      <div className="flex gap-3">
        <Avatar person={user ?? {}} />
        <div className="min-w-0 flex-1">
          <textarea
            {...contentField}
            ref={(element) => {
              registerRef(element);
              textArea.current = element;
            }}
            rows={COMPOSER_ROWS}
            aria-label={t('posts.composer.label')}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${pickerId}-error` : undefined}
            placeholder={t('posts.composer.placeholder')}
            readOnly={isSubmitting}
            className="block w-full resize-none rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
          />
          {errors.content?.message && (
            <p id={`${pickerId}-error`} className="mt-1 text-sm text-red-700">
              {errors.content.message}
            </p>
          )}
        </div>
      </div>

      {picture.previewUrl && (
        <div className="mt-3 sm:ml-13">
          <img
            src={picture.previewUrl}
            alt={t('posts.composer.preview')}
            className="max-h-64 w-auto max-w-full rounded-xl bg-gray-100 object-contain"
          />
          <button
            type="button"
            disabled={isSubmitting}
            onClick={() => picture.pick(null)}
            className="mt-1 text-sm font-semibold text-red-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
          >
            {t('posts.composer.remove')}
          </button>
        </div>
      )}
      {pictureError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {pictureError}
        </p>
      )}

      {progress !== null && (
        <div
          role="progressbar"
          aria-label={t('posts.composer.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-3 h-2 overflow-hidden rounded-full bg-gray-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
            style={{ width: `${progress}%` }}
          />
        </div>
      )}

      <div className="mt-3 flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <input
            id={pickerId}
            type="file"
            accept="image/*"
            className="peer sr-only"
            disabled={isSubmitting}
            onChange={handlePictureChange}
          />
          <label
            htmlFor={pickerId}
            title={t('posts.composer.addPicture')}
            className={`cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 ${composerIconClass}`}
          >
            <ImageIcon className="size-5" />
            <span className="sr-only">{t('posts.composer.addPicture')}</span>
          </label>
          <EmojiPicker onPick={insertText} disabled={isSubmitting} />
          <button
            type="button"
            aria-label={t('posts.composer.hashtag')}
            title={t('posts.composer.hashtag')}
            disabled={isSubmitting}
            onClick={() => insertText('#')}
            className={composerIconClass}
          >
            <HashIcon className="size-5" />
          </button>
          {location && (
            <button
              type="button"
              aria-label={t('posts.composer.location')}
              title={t('posts.composer.location')}
              disabled={isSubmitting}
              onClick={() => insertText(t('posts.composer.atLocation', { location }))}
              className={composerIconClass}
            >
              <MapPinIcon className="size-5" />
            </button>
          )}
        </div>
        <button type="submit" disabled={isEmpty || isSubmitting} className={buttonClasses('primary')}>
          {t('posts.composer.submit')}
        </button>
      </div>
    </form>
  );
}
