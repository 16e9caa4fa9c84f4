import { PostInput, type PostDto } from '@jamii/shared';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useUpdatePost } from './api';

type PostFields = z.input<typeof PostInput>;

/** The author edits a post's text under the composer's rules (docs/design.md#offers-that-behave-like-a-marketplace); the picture stays. */
export function PostEditForm({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const updatePost = useUpdatePost(post.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useMutationForm({
    schema: PostInput,
    defaultValues: { content: post.content } satisfies PostFields,
    send: ({ content }) => updatePost.mutateAsync({ content }),
    serverFields: ['content'],
    successMessage: t('posts.edited'),
    failureMessage: (error) => errorMessage(error, t('posts.editFailed')),
    onSuccess: onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('posts.editTitle')} className="mt-3 space-y-3">
      <TextAreaField
        label={t('posts.editText')}
        rows={4}
        error={errors.content?.message}
        {...register('content')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t('common.saving') : t('common.saveChanges')}
        </button>
        <button type="button" onClick={onDone} disabled={isSubmitting} className={buttonClasses('ghost')}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
