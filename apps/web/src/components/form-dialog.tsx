import { useId, type ReactNode } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button-styles';
import { useModalDialog } from './use-modal-dialog';
import { useGuardedSubmit } from '../lib/use-submit-guard';

interface FormDialogProps {
  title: string;
  /** The fields; the dialog adds the error line and Cancel / submit under them. */
  children: ReactNode;
  submitLabel: string;
  /** While the request runs: the submit shows `busyLabel` and the dialog cannot be dismissed. */
  isBusy: boolean;
  busyLabel?: string;
  error: string | null;
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
}

/**
 * A small form in a modal <dialog> (a report, a suspension): open while mounted, focus trapped by
 * the browser, Escape closes it unless the request is running. Mount it only while it is shown.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  isBusy,
  busyLabel,
  error,
  onSubmit,
  onClose,
}: FormDialogProps) {
  // Escape does nothing while the request runs.
  const modal = useModalDialog(true, () => {
    if (!isBusy) onClose();
  });
  const titleId = useId();

  const submit = useGuardedSubmit(onSubmit);

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-950/50"
    >
      <form onSubmit={submit} className="p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        {children}
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end gap-3">
          <button type="button" onClick={onClose} disabled={isBusy} className={buttonClasses('secondary')}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={isBusy} className={buttonClasses('danger')}>
            {isBusy && busyLabel ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The note or reason field of a form dialog. */
export function DialogTextarea({
  label,
  value,
  maxLength,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <>
      {hint && <p className="mt-1 text-sm text-gray-600">{hint}</p>}
      <label htmlFor={id} className="mt-3 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      />
    </>
  );
}
