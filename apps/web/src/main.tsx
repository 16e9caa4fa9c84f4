import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth';
import { loadLanguage } from './lib/i18n';
import { installLanguageSync, preferredLanguage } from './lib/i18n/language-choice';
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

// The catalogue is its own chunk (only the language read is downloaded); the first screen waits
// for it. Should it fail to arrive, English is tried, and the app opens either way.
const language = preferredLanguage();
loadLanguage(language)
  .catch(() => (language === 'en' ? undefined : loadLanguage('en')))
  .catch(() => undefined)
  .finally(render);
