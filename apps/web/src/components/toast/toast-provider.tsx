import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastOptions } from '../../lib/toast/toast-context';
import { ToastView, type ToastItem } from './toast-view';

/** More than this and the oldest goes, so a burst cannot cover a small screen. */
const MAX_VISIBLE = 3;

let lastToastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = ({ message, kind = 'info', action }: ToastOptions) => {
      const id = ++lastToastId;
      setToasts((current) => [...current, { id, message, kind, action }].slice(-MAX_VISIBLE));
      return id;
    };
    return {
      show,
      success: (message) => show({ message, kind: 'success' }),
      error: (message) => show({ message, kind: 'error' }),
      info: (message) => show({ message, kind: 'info' }),
      dismiss,
    };
  }, [dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      {/* Under the top bar from 768 px (its bell, messages and menu stay free to tap: docs/web-performance.md); on
          a phone the top is free, the bell being in the bottom nav. */}
      <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-end gap-2 p-3 sm:p-4 md:top-[57px]">
        {[...toasts].reverse().map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}
