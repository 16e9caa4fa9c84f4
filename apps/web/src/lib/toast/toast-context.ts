import { createContext, use } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  message: string;
  kind?: ToastKind;
  /** One button beside the message, e.g. Undo; clicking it also closes the toast. */
  action?: ToastAction;
}

export interface ToastApi {
  /** Shows a toast and answers its id. */
  show: (options: ToastOptions) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  info: (message: string) => number;
  dismiss: (id: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
