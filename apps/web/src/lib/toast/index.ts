// The toast API for features; the provider and its view are components (components/toast), since
// lib never imports components.
export { useToast } from './toast-context';
export type { ToastAction, ToastApi, ToastKind, ToastOptions } from './toast-context';
