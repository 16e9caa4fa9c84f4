import { useEffect, useRef, type RefObject, type SyntheticEvent } from 'react';

/**
 * A <dialog> shown as a modal exactly while `open` (the browser traps focus and dims the page);
 * spread the answer on the element. Escape calls `onDismiss` instead of closing it, since React
 * decides whether the dialog is open. `focusOnOpen` takes the focus when it opens.
 */
export function useModalDialog(
  open: boolean,
  onDismiss: () => void,
  focusOnOpen?: RefObject<HTMLElement | null>,
) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      focusOnOpen?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focusOnOpen]);

  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onDismiss();
    },
  };
}
