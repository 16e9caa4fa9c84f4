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

/** Whether the reader sent the page's form before the app ran (held by prerender/boot.ts); once. */
export function takePendingSubmit(): boolean {
  if (typeof document === 'undefined') return false;
  const root = document.documentElement;
  if (!('pendingSubmit' in root.dataset)) return false;
  delete root.dataset.pendingSubmit;
  return true;
}
