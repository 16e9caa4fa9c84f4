import type { FormEvent, ReactNode } from 'react';
import { t } from '../lib/i18n';
import { buttonClasses } from './button-styles';

interface EditableFormProps {
  /** The form's accessible name (its title for a create or for an edit). */
  label: string;
  onSubmit: (event: FormEvent) => void;
  className?: string;
  isEdit: boolean;
  isSubmitting: boolean;
  /** The submit's text on a create; an edit says "Save changes". */
  submitLabel: string;
  /** The submit's text while a create is sent (an edit says "Saving…"). */
  submittingLabel?: string;
  /** Shows a Cancel button that calls it. */
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}

/**
 * The frame of a create-or-edit form (a bid, a service, a job, an offer): a `<form>` the browser
 * does not validate (the shared schema does), its fields, then submit and an optional Cancel.
 */
export function EditableForm({
  label,
  onSubmit,
  className = 'space-y-4',
  isEdit,
  isSubmitting,
  submitLabel,
  submittingLabel = t('common.posting'),
  onCancel,
  children,
}: EditableFormProps) {
  const idleLabel = isEdit ? t('common.saveChanges') : submitLabel;
  const busyLabel = isEdit ? t('common.saving') : submittingLabel;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className={className}>
      {children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? busyLabel : idleLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={isSubmitting} className={buttonClasses('ghost')}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The props every create-or-edit form takes besides the item it edits. */
export interface EditableFormCallbacks {
  /** After a create succeeded. */
  onCreated?: () => void;
  /** After an edit succeeded, or Cancel. */
  onDone?: () => void;
}
