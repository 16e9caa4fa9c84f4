// Before any zod schema is built: no eval under the CSP.
import './lib/zod-jitless';
// Then at once, so the catalogue downloads while the other modules run.
import { firstLanguageLoaded } from './lib/i18n/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteTree } from './app/route-tree';
import { routes } from './app/router';
import { screensReady, startScreens } from './app/screens';
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

// The first screen's code, first calls and session check start now, while the catalogue downloads.
const firstAddress = new URL(window.location.href);
startScreens(routes, firstAddress);

function render() {
  createRoot(container!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <RouteTree routes={routes} hasStarted />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
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
  .then(() => (isPrerendered ? screensReady(routes, firstAddress) : undefined))
  .finally(() => (isPrerendered ? takeOverDrawnPage(render, carryLanguagePickedBeforeStart) : render()));
