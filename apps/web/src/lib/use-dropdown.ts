import { useEffect, useId, useRef, useState } from 'react';

/**
 * An open/closed dropdown anchored to a button: a press outside `rootRef` closes it, and Escape
 * closes it and gives the focus back to `buttonRef`. Spread `toggleProps` into the button (it opens
 * and closes the panel, and says so); give the panel `id={panelId}`.
 */
export function useDropdown<Root extends HTMLElement = HTMLDivElement>() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  const panelId = useId();
  const toggleProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': isOpen,
    'aria-controls': panelId,
    onClick: () => setIsOpen((open) => !open),
  };
  return { isOpen, setIsOpen, rootRef, buttonRef, panelId, toggleProps };
}
