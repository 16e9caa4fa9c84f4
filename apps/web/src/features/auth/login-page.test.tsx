import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { PENDING_STORAGE_KEY } from '../../lib/i18n/language-choice';
import { LoginPage } from './login-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest();

const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/feed', element: <p>Feed page</p> },
  { path: '/profile/:id', element: <p>Profile page</p> },
];

async function fillAndSubmit(username: string, password: string, { rememberMe = false } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('User name'), username);
  await user.type(screen.getByLabelText('Password'), password);
  if (rememberMe) await user.click(screen.getByLabelText('Remember Me'));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('has the SPEC fields and links', () => {
    renderWithProviders(routes, { path: '/login' });

    expect(screen.getByLabelText('User name')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember Me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/login' });

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('checks the shared login rules before calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { path: '/login' });

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('*User name is required')).toBeInTheDocument();
    expect(screen.getByText('*Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('*Password too short')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads Loading... while submitting, then shows Karibu Tena @username and goes to /feed', async () => {
    let answerLogin: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/login') return new Promise<Response>((resolve) => (answerLogin = resolve));
      return fakeFetch({ 'GET /api/me': jsonResponse(makeUser()) })(input, init);
    });
    const { router } = renderWithProviders(routes, { path: '/login' });

    await fillAndSubmit('wanjiku_k', 'Karibu-Jamii-2025!', { rememberMe: true });

    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    // the specified validation rules: an @ is put in front of the username if missing.
    expect(JSON.parse(String(init?.body))).toEqual({
      username: '@wanjiku_k',
      password: 'Karibu-Jamii-2025!',
      rememberMe: true,
    });

    answerLogin(jsonResponse({ token: 'access.1', user: makeUser() }));

    expect(await screen.findByText('Karibu Tena @wanjiku_k')).toBeInTheDocument();
    expect(await screen.findByText('Feed page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/feed');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access.1');
  });

  it('sends the language chosen on this device signed out with the login, so the account takes it', async () => {
    localStorage.setItem(PENDING_STORAGE_KEY, 'sw');
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/login': jsonResponse({ token: 'access.1', user: makeUser({ language: 'sw' }) }),
        'GET /api/me': jsonResponse(makeUser({ language: 'sw' })),
      }),
    );
    renderWithProviders(routes, { path: '/login' });

    await fillAndSubmit('wanjiku_k', 'Karibu-Jamii-2025!');

    expect(await screen.findByText('Feed page')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/login') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: '@wanjiku_k', language: 'sw' });
  });

  it('returns to the page the login guard came from', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/login': jsonResponse({ token: 'access.1', user: makeUser() }),
        'GET /api/me': jsonResponse(makeUser()),
      }),
    );
    const { router } = renderWithProviders(routes, {
      path: {
        pathname: '/login',
        state: { from: { pathname: '/profile/me', search: '?tab=settings', hash: '' } },
      },
    });

    await fillAndSubmit('@wanjiku_k', 'Karibu-Jamii-2025!');

    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/me');
    expect(router.state.location.search).toBe('?tab=settings');
  });

  it("shows the server's message as an error toast and stays", async () => {
    fetchMock.mockResolvedValue(errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'));
    const { router } = renderWithProviders(routes, { path: '/login' });

    await fillAndSubmit('wanjiku_k', 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows Login failed when the answer carries no message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    renderWithProviders(routes, { path: '/login' });

    await fillAndSubmit('wanjiku_k', 'Karibu-Jamii-2025!');

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('fills in the username handed over by signup', () => {
    renderWithProviders(routes, { path: { pathname: '/login', state: { username: '@amina_h' } } });

    expect(screen.getByLabelText('User name')).toHaveValue('@amina_h');
  });
});
