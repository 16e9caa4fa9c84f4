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
import { storageFullOr } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { localize, t } from '../../lib/i18n';
import { shrinkImage } from '../../lib/images';
import { useToast } from '../../lib/toast';
import { usePickedImage } from '../../lib/use-picked-image';
import { useCreatePost } from './api';
import { ComposerPicturePreview, ComposerProgress, ComposerTools, insertAtCaret } from './composer-parts';
import { cardClass } from './post-card';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

type ComposerFields = z.input<typeof PostInput>;

/**
 * the specified screens Post composer and §4 Composer: the member's avatar, a 3-row text box, a picture with
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
  // Set when the post is created: the composer resets COMPOSER_RESET_MS later (the specified states Composer).
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
    const { value, caret } = insertAtCaret(
      current,
      element?.selectionStart ?? current.length,
      element?.selectionEnd ?? current.length,
      text,
    );
    // A registered field: setValue writes the textarea's value at once, so the caret can follow at
    // once too. (Deferring it to the next frame let fast typing land before the caret moved.)
    setValue('content', value, { shouldDirty: true });
    element?.focus();
    element?.setSelectionRange(caret, caret);
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
    if (!user) return;
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
      const result = await createPost.mutateAsync({ form, onProgress: setProgress, userId: user.id });
      if (result.queued) {
        // Offline: the post waits on the phone (listed above the feed) and goes when the connection returns.
        setProgress(null);
        toast.info(t('outbox.saved'));
      } else {
        setProgress(100);
        toast.success(t('posts.created'));
      }
      setIsCreated(true);
    } catch (error) {
      setIsSubmitting(false);
      setProgress(null);
      toast.error(storageFullOr(error, t('posts.createFailed')));
    }
  }
  const guardedHandlePost = useGuardedSubmit((event) => handleSubmit(handlePost)(event));

  const { ref: registerRef, ...contentField } = register('content');
  const location = user?.location.trim();

  return (
    <form
      noValidate
      onSubmit={guardedHandlePost}
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
              {localize(errors.content.message)}
            </p>
          )}
        </div>
      </div>

      {picture.previewUrl && (
        <ComposerPicturePreview
          previewUrl={picture.previewUrl}
          disabled={isSubmitting}
          onRemove={() => picture.pick(null)}
        />
      )}
      {pictureError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {pictureError}
        </p>
      )}

      {progress !== null && <ComposerProgress progress={progress} />}

      <div className="mt-3 flex items-center justify-between gap-2">
        <ComposerTools
          pickerId={pickerId}
          disabled={isSubmitting}
          onPictureChange={handlePictureChange}
          onInsert={insertText}
          location={location}
        />
        <button type="submit" disabled={isEmpty || isSubmitting} className={buttonClasses('primary')}>
          {t('posts.composer.submit')}
        </button>
      </div>
    </form>
  );
}
