import { TOAST_DISMISS_MS } from '@jamii/shared';
import { useEffect, useState, type FocusEvent } from 'react';
import { CloseIcon } from '../icons';
import { t } from '../../lib/i18n';
import type { ToastAction, ToastKind } from '../../lib/toast/toast-context';

export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
  action: ToastAction | undefined;
}

interface ToastViewProps {
  toast: ToastItem;
  onDismiss: (id: number) => void;
}

export function ToastView({ toast, onDismiss }: ToastViewProps) {
  const { id, message, kind, action } = toast;
  // While a mouse rests on it or a key has focus inside it, it stays; the full time restarts after.
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isPaused = isHovered || hasFocus;

  useEffect(() => {
    if (isPaused) return;
    const timer = setTimeout(() => onDismiss(id), TOAST_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [id, isPaused, onDismiss]);

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
  }

  function handleAction() {
    action?.onClick();
    onDismiss(id);
  }

  const isError = kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-kind={kind}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border-l-4 bg-white py-3 pr-2 pl-4 shadow-lg ring-1 ring-gray-900/10 ${
        isError ? 'border-red-600' : 'border-brand-600'
      }`}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setIsHovered(true)}
      onPointerLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={handleBlur}
    >
      <p className="min-w-0 flex-1 self-center text-sm break-words text-gray-900">{message}</p>
      {action && (
        <button
          type="button"
          onClick={handleAction}
          className="shrink-0 rounded-md px-2 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {action.label}
        </button>
      )}
      <button
        type="button"
        aria-label={t('common.close')}
        onClick={() => onDismiss(id)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
