import { useId } from 'react';
import { t } from '../lib/i18n';
import { useToast } from '../lib/toast';
import { useDropdown } from '../lib/use-dropdown';
import { ShareIcon } from './icons';

interface ShareButtonProps {
  /** The item's own page on this site, e.g. `/p/12` (its HTML carries the preview, docs/design.md#conversation-around-posts). */
  path: string;
  /** The line that goes with the link. */
  text: string;
  /** What is shared, for screen readers: "Share {what}". */
  what: string;
  className?: string;
}

const menuItemClass =
  'block w-full px-4 py-2.5 text-left text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none';

/**
 * Share (docs/design.md#conversation-around-posts): the phone's own share sheet where the browser has one (Android Chrome does:
 * WhatsApp, Telegram, SMS…); elsewhere a small menu with WhatsApp and Copy link.
 */
export function ShareButton({ path, text, what, className = '' }: ShareButtonProps) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDropdown();
  const toast = useToast();
  const menuId = useId();
  const url = new URL(path, window.location.origin).toString();

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ text, url });
        return;
      } catch (error) {
        // The member closed the sheet: nothing to do. Anything else: offer the menu instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setIsOpen((open) => !open);
  }

  async function copy() {
    setIsOpen(false);
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  }

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('share.label', { what })}
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => void share()}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold sm:px-3 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ShareIcon className="size-5" />
        {/* The word from 640 px up: a phone's card row keeps room for Like and Comments. */}
        <span className="hidden sm:inline">{t('share.button')}</span>
      </button>
      {isOpen && (
        <div
          id={menuId}
          className="absolute right-0 bottom-full z-30 mb-1 w-56 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-gray-900/10"
        >
          <a
            href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setIsOpen(false)}
            className={menuItemClass}
          >
            {t('share.whatsapp')}
          </a>
          <button type="button" onClick={() => void copy()} className={menuItemClass}>
            {t('share.copy')}
          </button>
        </div>
      )}
    </div>
  );
}
