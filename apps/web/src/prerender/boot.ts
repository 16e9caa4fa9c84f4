/**
 * The one script a prerendered page (`landing-*.html` for `/`, `login-*.html` for `/login`;
 * vite.config.ts) loads before it paints. The page works without the app as far as it can: its
 * links are plain `<a href>` the browser follows by itself, and its fields take typing. The app's
 * scripts (index.html's entry and module preloads) wait in `<template id="app-scripts">` and are
 * started by this file once the page has loaded and the browser is idle, or as soon as the reader
 * reaches for something (a pointer, a key, focus, a change of the language menu, sending a form),
 * whichever comes first. The app then takes the page over as on any other (main.tsx), carrying a
 * language picked, and what was typed, in between (lib/prerendered.ts).
 *
 * A form sent before the app has taken over is held here and sent by the app once it has: the page's
 * own form has no handler of its own before then.
 *
 * It imports nothing, so it is a file of its own, a few hundred bytes.
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'change'] as const;
/** Long enough for a slow phone to finish painting; short enough that the app is ready when needed. */
const IDLE_TIMEOUT_MS = 2000;
/** Set on `<html>` while a form sent before the app ran waits for it (lib/prerendered.ts). */
const PENDING_SUBMIT = 'pendingSubmit';
/**
 * Set on `<html>` while a press is held: the app does not replace the page then (a press and a
 * release on different elements make no click; prerender/take-over.ts). Kept from the first paint,
 * since a press may begin before the app's code has run.
 */
const PRESSED = 'pressed';

let hasStarted = false;

function startApp(): void {
  if (hasStarted) return;
  hasStarted = true;
  for (const type of INTENT_EVENTS) document.removeEventListener(type, startApp, true);
  const template = document.getElementById('app-scripts');
  if (!(template instanceof HTMLTemplateElement)) return;
  // New elements with the template's attributes: plainly what the browser is asked to load.
  for (const tag of template.content.querySelectorAll('link[rel="modulepreload"], script[type="module"]')) {
    const element = document.createElement(tag.localName === 'link' ? 'link' : 'script');
    for (const { name, value } of tag.attributes) element.setAttribute(name, value);
    document.head.append(element);
  }
}

function holdSubmit(event: SubmitEvent): void {
  // Once the app has drawn its own page, its forms are its own.
  if (!(event.target instanceof Element) || !event.target.closest('[data-prerendered]')) return;
  event.preventDefault();
  document.documentElement.dataset[PENDING_SUBMIT] = '';
  startApp();
}

function startWhenIdle(): void {
  if ('requestIdleCallback' in window) requestIdleCallback(startApp, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(startApp, 1);
}

for (const type of INTENT_EVENTS) document.addEventListener(type, startApp, { capture: true, passive: true });
document.addEventListener('submit', holdSubmit, true);
document.addEventListener('pointerdown', () => (document.documentElement.dataset[PRESSED] = ''), true);
for (const type of ['pointerup', 'pointercancel'])
  document.addEventListener(type, () => delete document.documentElement.dataset[PRESSED], true);
if (document.readyState === 'complete') startWhenIdle();
else addEventListener('load', startWhenIdle, { once: true });
