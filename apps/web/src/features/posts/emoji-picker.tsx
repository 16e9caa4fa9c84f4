import { SmileIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { useDropdown } from '../../lib/use-dropdown';

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
  const { isOpen, setIsOpen, rootRef, panelId, toggleProps } = useDropdown();

  return (
    <div ref={rootRef} className="relative">
      <button
        {...toggleProps}
        aria-label={t('posts.composer.emoji')}
        title={t('posts.composer.emoji')}
        disabled={disabled}
        className={composerIconClass}
      >
        <SmileIcon className="size-5" />
      </button>
      {isOpen && (
        <div
          id={panelId}
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
