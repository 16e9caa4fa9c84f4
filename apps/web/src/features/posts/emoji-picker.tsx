import { useEffect, useId, useRef, useState } from 'react';
import { SmileIcon } from '../../components/icons';
import { t } from '../../lib/i18n';

/** A few emoji that Kenyan posts use most; the phone's own keyboard has the rest. */
export const COMPOSER_EMOJI = [
  '😀',
  '😂',
  '😍',
  '🙏',
  '👍',
  '👏',
  '🎉',
  '🔥',
  '💯',
  '❤️',
  '😢',
  '😮',
  '🤝',
  '💪',
  '🇰🇪',
  '☕',
] as const;

export const composerIconClass =
  'inline-flex size-10 items-center justify-center rounded-full text-gray-600 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50';

/** The composer's emoji button: a small grid that puts the chosen emoji at the cursor. */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const gridId = useId();

  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setIsOpen(false);
    }
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={t('posts.composer.emoji')}
        title={t('posts.composer.emoji')}
        aria-expanded={isOpen}
        aria-controls={gridId}
        disabled={disabled}
        onClick={() => setIsOpen((open) => !open)}
        className={composerIconClass}
      >
        <SmileIcon className="size-5" />
      </button>
      {isOpen && (
        <div
          id={gridId}
          role="group"
          aria-label={t('posts.composer.emoji')}
          className="absolute bottom-full left-0 z-20 mb-2 grid w-64 grid-cols-8 gap-1 rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-900/10"
        >
          {COMPOSER_EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              onClick={() => {
                onPick(emoji);
                setIsOpen(false);
              }}
              className="inline-flex size-7 items-center justify-center rounded-md text-lg hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
