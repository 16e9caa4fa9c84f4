export { ToastProvider } from './toast-provider';
export { useToast } from './toast-context';
export type { ToastAction, ToastApi, ToastKind, ToastOptions } from './toast-context';
