import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { ToastProvider } from '../components/toast/toast-provider';
import { FreshQueryClient } from '../lib/query-client';

export function createTestQueryClient(): QueryClient {
  return new FreshQueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes or one element inside the app's providers, at `path` (a URL, or one with history state). */
export function renderWithProviders(
  content: ReactElement | RouteObject[],
  {
    path = '/',
    queryClient = createTestQueryClient(),
  }: { path?: InitialEntry; queryClient?: QueryClient } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const routes = Array.isArray(content) ? content : [{ path: '*', element: content }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
