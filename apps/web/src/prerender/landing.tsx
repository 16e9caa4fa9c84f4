import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../components/toast/toast-provider';
import { LandingPage } from '../features/landing/landing-page';
import { loadLanguage, type Language } from '../lib/i18n';

/**
 * The landing page's markup in one language, rendered at build time (vite.config.ts) into a copy of
 * index.html, so `/` paints from the HTML and CSS alone on a slow phone; the app then replaces it
 * with the same screen (main.tsx). The providers are the app's, so the markup is the same.
 */
export async function renderLanding(language: Language): Promise<string> {
  await loadLanguage(language);
  const markup = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  // React writes the page's <title> first; index.html has its own, the app's name, as the screen's.
  return markup.replace(/^<title>[^<]*<\/title>/, '');
}
