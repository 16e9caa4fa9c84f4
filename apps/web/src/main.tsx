// Before any zod schema is built: no eval under the CSP.
import './lib/zod-jitless';
// Then at once, so the catalogue downloads while the other modules run.
import { firstLanguageLoaded } from './lib/i18n/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth';
import { chooseLanguage, installLanguageSync } from './lib/i18n/language-choice';
import { isLanguage } from './lib/i18n/languages';
import { registerServiceWorker } from './lib/offline/service-worker';
import { prerenderedPick } from './lib/prerendered';
import { takeOverDrawnPage } from './prerender/take-over';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installAuth();
installLanguageSync();
registerServiceWorker();

const router = createAppRouter();

function render() {
  createRoot(container!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

/** Settles once the router has loaded the first screen's code (its lazy routes). */
function routerReady(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A drawn page (`/`, `/login`) works before the app runs (prerender/boot.ts): a reader may pick a
 * language in its menu while the app loads. The pick is carried over (device, account, catalogue)
 * before the first render, which would otherwise draw the menu back at the page's language. What
 * they typed is carried by the screen itself (lib/prerendered.ts).
 */
async function carryLanguagePickedBeforeStart(): Promise<void> {
  // The drawn page's menu only: the app's own select never marks its option as the default one.
  const picked = prerenderedPick();
  if (isLanguage(picked)) await chooseLanguage(picked).catch(() => undefined);
}

// The first screen waits for its catalogue (a chunk of its own; see lib/i18n/boot.ts). A page the
// server sent already drawn (the landing and login pages) stays as it is until the app can draw the
// same screen, instead of a spinner in between.
const isPrerendered = container.firstElementChild !== null;
void firstLanguageLoaded
  .then(() => (isPrerendered ? routerReady() : undefined))
  .finally(() => (isPrerendered ? takeOverDrawnPage(render, carryLanguagePickedBeforeStart) : render()));
