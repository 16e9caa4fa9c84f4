import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from './api';
import { showServerFieldErrors } from './form-errors';
import { t } from './i18n';
import { isKept } from './offline/outbox';
import { useToast } from './toast';
import { useGuardedSubmit } from './use-submit-guard';

interface MutationFormOptions<Fields extends FieldValues, Values> {
  /** The shared zod contract: it checks the form as the server checks the request. */
  schema: z.ZodType<Values, Fields>;
  defaultValues: Fields;
  /**
   * Sends the checked values (a mutation's `mutateAsync`). A create that answers a kept result
   * (`createOrKeep`, offline) says "Saved on your phone…" instead of the success message.
   */
  send: (values: Values) => Promise<unknown>;
  /** The fields a server answer may name in its per-field `errors`. */
  serverFields: readonly (Path<Fields> & keyof Fields)[];
  successMessage: string;
  /** The toast after a failure (the server's message, or a fallback). */
  failureMessage: (error: unknown) => string;
  /** Empty the form after success, ready for the next one. */
  resetsOnSuccess?: boolean;
  onSuccess?: () => void;
}

/**
 * The scaffolding every create form shares: react-hook-form with the shared schema, a submit that
 * sends the values, toasts the outcome, and on failure puts the server's field messages under the
 * fields. Answers the form's methods and the `<form onSubmit>` handler.
 */
export function useMutationForm<Fields extends FieldValues, Values>({
  schema,
  defaultValues,
  send,
  serverFields,
  successMessage,
  failureMessage,
  resetsOnSuccess = false,
  onSuccess,
}: MutationFormOptions<Fields, Values>) {
  const toast = useToast();
  const form = useForm<Fields, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<Fields>,
  });

  async function submit(values: Values) {
    try {
      const result = await send(values);
      if (resetsOnSuccess) form.reset(defaultValues);
      if (isKept(result)) toast.info(t('outbox.saved'));
      else toast.success(successMessage);
      onSuccess?.();
    } catch (error) {
      showServerFieldErrors(error, serverFields, form.setError);
      toast.error(failureMessage(error));
    }
  }

  const onSubmit = useGuardedSubmit((event: FormEvent) => form.handleSubmit(submit)(event));
  return { ...form, onSubmit };
}

interface EditableFormOptions<Fields extends FieldValues, Values> extends Omit<
  MutationFormOptions<Fields, Values>,
  'send' | 'successMessage' | 'failureMessage' | 'onSuccess'
> {
  /** True when the form edits an existing item (PATCH) rather than creating one. */
  isEdit: boolean;
  create: (values: Values) => Promise<unknown>;
  update: (values: Values) => Promise<unknown>;
  /** The toasts: after a create, after an edit, and the fallbacks when either fails. */
  messages: { created: string; createFailed: string; edited: string; editFailed: string };
  /** Overrides the failure toast (default: the server's message, else the fallback above). */
  failureMessage?: (error: unknown) => string;
  onCreated?: (() => void) | undefined;
  onDone?: (() => void) | undefined;
}

/**
 * A form that creates an item, or edits one when `isEdit`: `useMutationForm` with the send, toasts
 * and follow-up chosen by the mode. A create empties the form after success unless told otherwise.
 */
export function useCreateOrEditForm<Fields extends FieldValues, Values>({
  isEdit,
  create,
  update,
  messages,
  failureMessage,
  onCreated,
  onDone,
  resetsOnSuccess = !isEdit,
  ...rest
}: EditableFormOptions<Fields, Values>) {
  const form = useMutationForm({
    ...rest,
    send: isEdit ? update : create,
    successMessage: isEdit ? messages.edited : messages.created,
    failureMessage:
      failureMessage ??
      ((error) => errorMessage(error, isEdit ? messages.editFailed : messages.createFailed)),
    resetsOnSuccess,
    onSuccess: isEdit ? onDone : onCreated,
  });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting };
}

type EditableFeature = 'bids' | 'jobs' | 'services';

/**
 * The texts of a feature's create-or-edit form, from its catalogue entries `<feature>.created`,
 * `.createFailed`, `.edited`, `.editFailed`, `.form.title`, `.form.editTitle` and `.form.submit`.
 */
function createOrEditTexts(feature: EditableFeature, isEdit: boolean) {
  return {
    messages: {
      created: t(`${feature}.created`),
      createFailed: t(`${feature}.createFailed`),
      edited: t(`${feature}.edited`),
      editFailed: t(`${feature}.editFailed`),
    },
    title: isEdit ? t(`${feature}.form.editTitle`) : t(`${feature}.form.title`),
    submitLabel: t(`${feature}.form.submit`),
  };
}

/**
 * A feature's create-or-edit form (a bid, a job, a service): `useCreateOrEditForm` with the
 * feature's texts, plus `formProps` for its `<EditableForm>` (title, submit, Cancel on an edit).
 */
export function useFeatureForm<Fields extends FieldValues, Values>(
  feature: EditableFeature,
  options: Omit<EditableFormOptions<Fields, Values>, 'messages'>,
) {
  const texts = createOrEditTexts(feature, options.isEdit);
  const form = useCreateOrEditForm({ ...options, messages: texts.messages });
  const formProps = {
    label: texts.title,
    onSubmit: form.onSubmit,
    isEdit: options.isEdit,
    isSubmitting: form.isSubmitting,
    submitLabel: texts.submitLabel,
    onCancel: options.isEdit ? options.onDone : undefined,
  };
  return { ...form, formProps };
}
