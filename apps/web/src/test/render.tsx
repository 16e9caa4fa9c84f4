import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  type InitialEntry,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  type RouteObject,
} from 'react-router';
import { RouteTree } from '../app/route-tree';
import { ToastProvider } from '../components/toast/toast-provider';
import { FreshQueryClient } from '../lib/query-client';

export function createTestQueryClient(): QueryClient {
  return new FreshQueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Where the test's router is (its address and how it got there), and a way to move it. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: number | string, options?: NavigateOptions) => Promise<void>;
}

/** Renders routes or one element inside the app's providers, at `path` (a URL, or one with history state). */
export function renderWithProviders(
  content: ReactElement | RouteObject[],
  {
    path = '/',
    queryClient = createTestQueryClient(),
  }: { path?: InitialEntry; queryClient?: QueryClient } = {},
): RenderResult & { router: TestRouter } {
  const routes = Array.isArray(content) ? content : [{ path: '*', element: content }];
  let navigate: NavigateFunction | undefined;
  const router: TestRouter = {
    state: { location: undefined as unknown as Location, historyAction: 'POP' as NavigationType },
    navigate: async (to, options) => {
      await (typeof to === 'number' ? navigate?.(to) : navigate?.(to, options));
    },
  };
  /** Reads the router's state as each move commits (what the data router's `state` gave). */
  function RouterProbe() {
    router.state = { location: useLocation(), historyAction: useNavigationType() };
    navigate = useNavigate();
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <RouterProbe />
          <RouteTree routes={routes} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
