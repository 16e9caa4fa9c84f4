import { useId, useRef } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button-styles';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, word for word from the specified validation rules Confirmations (e.g. "Are you sure? This cannot be undone."). */
  message: string;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs; the dialog cannot be dismissed meanwhile. */
  busyLabel?: string;
  isBusy?: boolean;
  isDestructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question with Cancel and a confirm button, on the browser's own <dialog>: it traps focus,
 * closes on Escape and returns focus to the button that opened it.
 */
export function ConfirmDialog({
  open,
  message,
  confirmLabel,
  busyLabel,
  isBusy = false,
  isDestructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();

  function handleDismiss() {
    if (!isBusy) onCancel();
  }

  // Cancel takes the focus: the safe default for a question that ends a session or deletes data.
  const modal = useModalDialog(open, handleDismiss, cancelRef);

  return (
    // The backdrop click below only adds to Escape (onCancel), which keyboard users have.
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      {...modal}
      aria-labelledby={messageId}
      // A click on the dimmed backdrop lands on the <dialog> itself, outside its padded content.
      onClick={(event) => event.target === event.currentTarget && handleDismiss()}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
    >
      {open && (
        <div className="p-5">
          <p id={messageId} className="text-base font-semibold">
            {message}
          </p>
          <div className="mt-5 flex justify-end gap-3">
            <button
              ref={cancelRef}
              type="button"
              onClick={handleDismiss}
              disabled={isBusy}
              className={buttonClasses('secondary')}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              onClick={onConfirm}
              disabled={isBusy}
              className={isDestructive ? buttonClasses('danger') : buttonClasses('primary')}
            >
              {isBusy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
