/**
 * What a reader did on a page the server sent already drawn (src/prerender), before the app took it
 * over: the app's own screen starts from it. Read while the app draws that screen, in the same task
 * in which it replaces the page's markup, so nothing typed in between is lost.
 */

/** The page's markup as the build drew it; gone once the app has drawn its own (none at build time). */
const drawnPage = () =>
  typeof document === 'undefined' ? null : document.querySelector('#root > [data-prerendered]');

/** A field's value as the reader left it (a checkbox: 'on' when ticked), or undefined. */
export function prerenderedValue(name: string): string | undefined {
  const field = drawnPage()?.querySelector(`input[name="${name}"]`);
  if (!field || !(field instanceof HTMLInputElement)) return undefined;
  if (field.type === 'checkbox') return field.checked ? 'on' : undefined;
  return field.value === '' ? undefined : field.value;
}

/** The name of the field the reader was in, if any. */
export function prerenderedFocus(): string | undefined {
  const page = drawnPage();
  if (!page) return undefined;
  const active = document.activeElement;
  return active instanceof HTMLInputElement && page.contains(active) ? active.name : undefined;
}

/** A language picked in the drawn page's menu (not the one it was drawn in), if any. */
export function prerenderedPick(): string | undefined {
  return [...(drawnPage()?.querySelectorAll('option') ?? [])].find(
    (option) => option.selected && !option.defaultSelected,
  )?.value;
}

// Marks prerender/boot.ts sets on `<html>` from the first paint.
const marks = () => document.documentElement.dataset;

/** Whether the reader sent the page's form before the app ran (held by prerender/boot.ts); once. */
export function takePendingSubmit(): boolean {
  if (typeof document === 'undefined' || !('pendingSubmit' in marks())) return false;
  delete marks().pendingSubmit;
  return true;
}

/**
 * Whether the reader is in the middle of something on the drawn page: in one of its fields, or
 * holding a press; a form they sent meanwhile waits for the app instead (prerender/take-over.ts).
 */
export function isReaderBusy(): boolean {
  if ('pendingSubmit' in marks()) return false;
  return 'pressed' in marks() || prerenderedFocus() !== undefined;
}
