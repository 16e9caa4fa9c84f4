import { act, fireEvent, screen } from '@testing-library/react';
import { Link, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { lazyScreen } from './screens';

/** A route module whose code arrives, or fails, when the test says so. */
function heldCode(name: string) {
  let arrive = () => {};
  let fail = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ Component: () => React.JSX.Element }>((resolve, reject) => {
        arrive = () =>
          resolve({
            Component: () => (
              <main>
                <h1>{name}</h1>
                <Link to="/a">To A</Link>
                <Link to="/b">To B</Link>
              </main>
            ),
          });
        fail = () => reject(new Error('the chunk did not download'));
      }),
  );
  return { load, arrive: () => act(async () => arrive()), fail: () => act(async () => fail()) };
}

/** Screens A and B, each with code held back; the app opens at /a and A's code arrives. */
async function renderTwoScreens() {
  const a = heldCode('Screen A');
  const b = heldCode('Screen B');
  const routes: RouteObject[] = [
    { path: '/a', ...lazyScreen(a.load) },
    { path: '/b', ...lazyScreen(b.load) },
  ];
  const { router } = renderWithProviders(routes, { path: '/a' });
  await a.arrive();
  await screen.findByRole('heading', { name: 'Screen A' });
  return { a, b, router };
}

const setScrollY = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
};

afterEach(() => {
  sessionStorage.clear();
});

describe('the route tree', () => {
  it('shows a spinner until the first screen’s code arrives, and keeps a screen until the next one’s has', async () => {
    const a = heldCode('Screen A');
    const b = heldCode('Screen B');
    const start = vi.fn();
    const routes: RouteObject[] = [
      { path: '/a', ...lazyScreen(a.load) },
      { path: '/b', ...lazyScreen(b.load, start) },
    ];
    const { router } = renderWithProviders(routes, { path: '/a' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await a.arrive();
    expect(await screen.findByRole('heading', { name: 'Screen A' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'To B' }));
    // The move has begun: B's code and first calls are asked for, and A stays on show meanwhile.
    expect(router.state.location.pathname).toBe('/b');
    expect(b.load).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ pathname: '/b' }));
    expect(screen.getByRole('heading', { name: 'Screen A' })).toBeInTheDocument();
    await b.arrive();
    expect(await screen.findByRole('heading', { name: 'Screen B' })).toBeInTheDocument();
    expect(a.load).toHaveBeenCalledTimes(1);
  });

  it('shows the error page when a screen’s code fails, and tries again on the next move', async () => {
    const { b, router } = await renderTwoScreens();
    fireEvent.click(screen.getByRole('link', { name: 'To B' }));
    await b.fail();

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Screen A' })).toBeInTheDocument();
    await act(() => router.navigate('/b'));
    expect(b.load).toHaveBeenCalledTimes(2);
    await b.arrive();
    expect(await screen.findByRole('heading', { name: 'Screen B' })).toBeInTheDocument();
  });

  it('shows the error page for a page whose code failed, whatever its guard shows first', async () => {
    const b = heldCode('Screen B');
    // A guard that has not let the page through (the session check failed offline, say).
    const routes: RouteObject[] = [
      { element: <h1>Could not check the session</h1>, children: [{ path: '/b', ...lazyScreen(b.load) }] },
    ];
    renderWithProviders(routes, { path: '/b' });
    await b.fail();

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Could not check the session' })).not.toBeInTheDocument();
  });

  it('opens a new page at its top and returns to the position left on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { b, router } = await renderTwoScreens();
    setScrollY(640);

    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'To B' }));
    await b.arrive();
    await screen.findByRole('heading', { name: 'Screen B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    setScrollY(0);

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Screen A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    scrollTo.mockRestore();
  });

  it('opens another address at its top after a reload, even with the first entry’s position kept', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const a = heldCode('Screen A');
    const first = renderWithProviders([{ path: '/a', ...lazyScreen(a.load) }], { path: '/a' });
    await a.arrive();
    await screen.findByRole('heading', { name: 'Screen A' });
    setScrollY(640);
    // The page is left (its positions are kept for this tab), and another address is opened.
    fireEvent(window, new Event('pagehide'));
    first.unmount();

    const b = heldCode('Screen B');
    renderWithProviders([{ path: '/b', ...lazyScreen(b.load) }], { path: '/b' });
    await b.arrive();
    await screen.findByRole('heading', { name: 'Screen B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
