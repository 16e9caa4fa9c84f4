import { useEffect, useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { readPushState, turnPushOff, turnPushOn, type PushState } from './push-subscription';

const STATE_TEXT: Partial<Record<PushState, PlainMessageKey>> = {
  unsupported: 'pushPrompt.unsupported',
  'install-first': 'pushPrompt.iphoneInstall',
  denied: 'pushPrompt.denied',
  on: 'pushPrompt.on',
};

/**
 * This device's push notifications: the browser is asked only when the member presses the button
 * here, never when a page loads, and an iPhone is asked only from the installed app.
 */
export function PushPrompt() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    readPushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  async function change(action: () => Promise<PushState>) {
    setBusy(true);
    setFailed(false);
    try {
      setState(await action());
    } catch (error) {
      logError('push notifications could not be changed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (state === null) return null;
  const note = STATE_TEXT[state];
  return (
    <section
      aria-labelledby="push-prompt-title"
      className="mb-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6"
    >
      <h2 id="push-prompt-title" className="text-base font-semibold text-gray-900">
        {t('pushPrompt.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('pushPrompt.body')}</p>
      {note && <p className="mt-2 text-sm text-gray-800">{t(note)}</p>}
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('pushPrompt.failed')}
        </p>
      )}
      {state === 'off' && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void change(turnPushOn)}
          className={`mt-3 ${buttonClasses('primary')}`}
        >
          {t('pushPrompt.turnOn')}
        </button>
      )}
      {state === 'on' && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void change(turnPushOff)}
          className={`mt-3 ${buttonClasses('secondary')}`}
        >
          {t('pushPrompt.turnOff')}
        </button>
      )}
    </section>
  );
}
