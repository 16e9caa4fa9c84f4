import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../test/auth';
import { renderWithProviders } from '../test/render';
import { RequireAdmin, RequireAuth } from './guards';
import { stubFetchForEachTest } from '../test/fetch-stub';

const fetchMock = stubFetchForEachTest({ withAuth: true });

function LoginStandIn() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>Login page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

const routes: RouteObject[] = [
  { path: '/login', element: <LoginStandIn /> },
  { element: <RequireAuth />, children: [{ path: '/profile/:id', element: <p>Profile content</p> }] },
  { element: <RequireAdmin />, children: [{ path: '/admin/jobs', element: <p>Manage Jobs</p> }] },
];

const unauthorized = () => errorResponse(401, 'UNAUTHORIZED', 'Please log in to continue');

describe('RequireAuth (the specified screens Login guard)', () => {
  it('shows a full-screen spinner until the identity check ends, then the page', async () => {
    storeSignedIn(makeUser());
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    renderWithProviders(routes, { path: '/profile/me' });

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Profile content')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/me', expect.anything());

    await act(async () => answer(jsonResponse(makeUser())));

    expect(await screen.findByText('Profile content')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('redirects to /login, replacing history, with the original location in state.from', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/me': unauthorized(), 'POST /api/refresh': unauthorized() }),
    );

    const { router } = renderWithProviders(routes, { path: '/profile/me?tab=settings' });

    expect(await screen.findByText('Login page, from /profile/me?tab=settings')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Profile content')).not.toBeInTheDocument();
  });

  it('lets a member in whose access token expired, after one cookie refresh', async () => {
    storeSignedIn(makeUser({ id: 7 }), 'expired.token');
    fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/refresh') return jsonResponse({ token: 'new.token', user: makeUser({ id: 7 }) });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new.token' ? jsonResponse(makeUser({ id: 7 })) : unauthorized();
    });

    renderWithProviders(routes, { path: '/profile/me' });

    expect(await screen.findByText('Profile content')).toBeInTheDocument();
  });

  it('offers a retry instead of a redirect when the server cannot be reached', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    renderWithProviders(routes, { path: '/profile/me' });

    const retry = await screen.findByRole('button', { name: 'Try again' });
    fetchMock.mockResolvedValueOnce(jsonResponse(makeUser()));
    await act(async () => retry.click());

    expect(await screen.findByText('Profile content')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('shows Not allowed to a member', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(makeUser()) }));

    renderWithProviders(routes, { path: '/admin/jobs' });

    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByText('Manage Jobs')).not.toBeInTheDocument();
  });

  it('shows the page to an admin', async () => {
    const admin = makeUser({ username: '@msimamizi', role: 'admin' });
    storeSignedIn(admin);
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(admin) }));

    renderWithProviders(routes, { path: '/admin/jobs' });

    expect(await screen.findByText('Manage Jobs')).toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/me': unauthorized(), 'POST /api/refresh': unauthorized() }),
    );

    renderWithProviders(routes, { path: '/admin/jobs' });

    expect(await screen.findByText('Login page, from /admin/jobs')).toBeInTheDocument();
  });
});
