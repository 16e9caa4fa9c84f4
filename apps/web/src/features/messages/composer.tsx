import { MESSAGE_LIMITS } from '@jamii/shared';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { t } from '../../lib/i18n';

/** Enter sends, Shift+Enter starts a new line (WhatsApp on the web); a phone's keyboard sends with its button. */
export function Composer({ onSend }: { onSend: (body: string) => void }) {
  const [text, setText] = useState('');
  const inputId = useId();
  const errorId = useId();
  const body = text.trim();
  const isTooLong = body.length > MESSAGE_LIMITS.body;

  function submit() {
    if (!body || isTooLong) return;
    onSend(body);
    setText('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={handleSubmit} className="border-t border-gray-200 bg-white p-2">
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('messages.composerLabel')}
        </label>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          rows={1}
          enterKeyHint="send"
          placeholder={t('messages.composerPlaceholder')}
          aria-invalid={isTooLong}
          aria-describedby={isTooLong ? errorId : undefined}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-gray-300 bg-gray-50 px-3.5 py-2.5 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:bg-white focus:outline-2 focus:outline-brand-600/30 [field-sizing:content]"
        />
        <button
          type="submit"
          disabled={!body || isTooLong}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {t('messages.send')}
        </button>
      </div>
      {isTooLong && (
        <p id={errorId} className="mt-1 px-2 text-sm text-red-700">
          {t('messages.tooLong', { max: MESSAGE_LIMITS.body })}
        </p>
      )}
    </form>
  );
}
