import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '../components/toast/toast-provider';
import { LoginPage } from '../features/auth/login-page';
import { LandingPage } from '../features/landing/landing-page';
import { loadLanguage, type Language } from '../lib/i18n';
import { paths } from '../lib/paths';

/** The first screens a visitor opens, drawn at build time: the page's name, its path and screen. */
export const PRERENDERED_PAGES: Record<string, { path: string; screen: () => ReactNode }> = {
  landing: { path: paths.landing, screen: () => <LandingPage /> },
  login: { path: paths.login, screen: () => <LoginPage /> },
};

/**
 * One page's markup in one language, rendered at build time (vite.config.ts) into a copy of
 * index.html, so the page paints from the HTML and CSS alone on a slow phone; the app then replaces
 * it with the same screen (main.tsx). The providers are the app's, so the markup is the same. Its
 * first element carries `data-prerendered`, which the app's own markup never does: what the reader
 * typed before the app took over is read from there (lib/prerendered.ts).
 */
export async function renderPage(
  name: string,
  language: Language,
): Promise<{ title: string; markup: string }> {
  const page = PRERENDERED_PAGES[name];
  if (!page) throw new Error(`no page ${name} to prerender`);
  await loadLanguage(language);
  const markup = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={[page.path]}>{page.screen()}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  // React writes the screen's <title> first: it goes in the page's head, as the app would set it.
  const title = /^<title>[^<]*<\/title>/.exec(markup)?.[0];
  if (!title) throw new Error(`the ${name} page has no <title>`);
  return {
    title,
    markup: markup
      .slice(title.length)
      .replace(/^<(\w+)/, '<$1 data-prerendered=""')
      // A form sent before the app runs is held by the boot script (prerender/boot.ts); should that
      // script not run, the browser posts it rather than putting a password in the address.
      .replaceAll('<form ', '<form method="post" '),
  };
}
