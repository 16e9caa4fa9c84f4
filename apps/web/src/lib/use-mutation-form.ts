import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { showServerFieldErrors } from './form-errors';
import { t } from './i18n';
import { isKept } from './offline/outbox';
import { useToast } from './toast';

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

  return { ...form, onSubmit: (event: FormEvent) => void form.handleSubmit(submit)(event) };
}
