import { flushSync } from 'react-dom';
import { isReaderBusy } from '../lib/prerendered';

/**
 * When the app replaces a page the server sent already drawn (`/`, `/login`; main.tsx): not while
 * the reader is in the middle of something there. A field they are in keeps its element: a phone
 * keyboard's word in progress, or a test tool that focuses first and types in a second step, would
 * land in the field just removed. A press not yet released keeps its button: a click whose
 * press and release fall on different elements is no click at all. A form sent meanwhile is not
 * waited on (prerender/boot.ts holds it and the screen sends it: lib/prerendered.ts).
 *
 * The check and the app's first render and commit run in one task (`flushSync`), so nothing the
 * reader does can fall between what the screen reads from the drawn page and its replacement.
 */
export function takeOverDrawnPage(render: () => void, beforeRender: () => Promise<void>): void {
  const retryEvents = ['focusout', 'pointerup', 'pointercancel', 'submit'];
  // After focusout the focus has not moved yet, and after pointerup the click is still to come:
  // look once the event is over.
  const retry = () => setTimeout(attempt, 0);

  let isDone = false;
  function attempt(): void {
    // Retries already scheduled when the app took over find it done: `beforeRender` reads the drawn
    // page, which is the app's own by then.
    if (isDone) return;
    // A language picked in the drawn menu is carried first; then, in one task, check and draw.
    void beforeRender().then(() => {
      if (isDone || isReaderBusy()) return;
      isDone = true;
      for (const type of retryEvents) document.removeEventListener(type, retry, true);
      flushSync(render);
    });
  }

  for (const type of retryEvents) document.addEventListener(type, retry, true);
  attempt();
}
