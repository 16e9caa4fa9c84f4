import { useState, type ReactElement } from 'react';
import { t } from '../lib/i18n';
import { useToast } from '../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { TrashIcon } from './icons';

interface ConfirmDeleteOptions {
  /** The question, word for word from the specified validation rules (e.g. "Delete this post?"). */
  message: string;
  /** Deletes (a mutation's `mutateAsync`). */
  remove: () => Promise<unknown>;
  deletedMessage: string;
  /** The toast after a failure (the server's message, or a fallback). */
  failureMessage: (error: unknown) => string;
  /** After the deletion succeeded (e.g. leave a page that shows what is gone). */
  onDeleted?: () => void;
  confirmLabel?: string;
  busyLabel?: string;
}

/**
 * Delete after a question: `ask()` opens the dialog (Cancel is focused); Delete runs `remove`, shows
 * "Deleting..." meanwhile, toasts the outcome and closes. Render `dialog` once, anywhere.
 */
export function useConfirmDelete({
  message,
  remove,
  deletedMessage,
  failureMessage,
  onDeleted,
  confirmLabel = t('common.delete'),
  busyLabel = t('common.deleting'),
}: ConfirmDeleteOptions): { ask: () => void; dialog: ReactElement } {
  const toast = useToast();
  const [isAsking, setIsAsking] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  async function handleConfirm() {
    setIsBusy(true);
    try {
      await remove();
      toast.success(deletedMessage);
      onDeleted?.();
    } catch (error) {
      toast.error(failureMessage(error));
    } finally {
      setIsBusy(false);
      setIsAsking(false);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={isAsking}
      message={message}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      isBusy={isBusy}
      isDestructive
      onConfirm={() => void handleConfirm()}
      onCancel={() => setIsAsking(false)}
    />
  );
  return { ask: () => setIsAsking(true), dialog };
}

const ICON_BUTTON_SIZES = {
  sm: { button: 'size-9', icon: 'size-4' },
  md: { button: 'size-10 shrink-0', icon: 'size-5' },
};

/**
 * A round trash-can button, named for screen readers by `label`, that deletes after the question
 * of `useConfirmDelete` (its options): a comment's (`sm`) or a post's (`md`).
 */
export function DeleteIconButton({
  label,
  size,
  ...options
}: ConfirmDeleteOptions & { label: string; size: keyof typeof ICON_BUTTON_SIZES }) {
  const deletion = useConfirmDelete(options);
  const sizes = ICON_BUTTON_SIZES[size];
  return (
    <>
      <button
        type="button"
        aria-label={label}
        onClick={deletion.ask}
        className={`inline-flex ${sizes.button} items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600`}
      >
        <TrashIcon className={sizes.icon} />
      </button>
      {deletion.dialog}
    </>
  );
}
