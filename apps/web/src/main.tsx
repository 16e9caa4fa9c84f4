// First, so the catalogue downloads while the other modules run.
import { firstLanguageLoaded } from './lib/i18n/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth';
import { installLanguageSync } from './lib/i18n/language-choice';
import { registerServiceWorker } from './lib/offline/service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installAuth();
installLanguageSync();
registerServiceWorker();

function render() {
  createRoot(container!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  );
}

// The first screen waits for its catalogue (a chunk of its own; see lib/i18n/boot.ts).
void firstLanguageLoaded.finally(render);
